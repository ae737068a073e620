import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit
@testable import ChainKitTracing

extension EventKey where Payload == String {
  fileprivate static let said = EventKey("said")
}

@MainActor
@Suite("JSON Lines traces", .leakChecked)
struct TracingJSONLinesTests {
  @Test("rule 38: JSON Lines output parses back into the same records")
  func jsonLinesRoundTrip() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-trace-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    let leaf = Node("leaf")
    let writer = try JSONLinesTraceWriter(path: path)
    let log = TraceLog()
    root.install(writer)
    root.install(log)
    try leaf.mount(at: root)
    root.intercept(.said) { _, text in text += "!" }
    root.on(.said) { ctx, text in
      if text == "hi!" { ctx.target?.post(.said, "nested \"quoted\"\n") }
      ctx.preventDefault()
    }
    leaf.post(.said, "hi")
    leaf.unmount(from: root)
    writer.flush()
    let decoded = try TraceRecord.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(writer.failureCount == 0)
    #expect(writer.writtenCount == 4)
    #expect(decoded.count == 4)
    #expect(decoded == log.records)
  }

  @Test("rule 38: each record is one line of JSON")
  func oneRecordPerLine() throws {
    let record = TraceRecord.mount(MountRecord(node: "a", parent: "b", reason: .mounted))
    let text = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
    let decoded = try TraceRecord.decodeJSONLines(text + "\n\n" + text + "\n")
    #expect(decoded == [record, record])
  }

  @Test("rule 38: a line that is not a record is reported with its number")
  func malformedLineIsReported() {
    let good = #"{"kind":"mount","node":"a","parent":"b","reason":"mounted","version":1}"#
    #expect {
      _ = try TraceRecord.decodeJSONLines(good + "\n{not json}\n")
    } throws: { error in
      (error as? TraceDecodingError)?.line == 2
    }
  }

  @Test("rule 38: a failed write is reported to the writer's owner, not trapped")
  func failedWriteIsReported() throws {
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
    defer { try? full.close() }
    let writer = JSONLinesTraceWriter(handle: full)
    var reported: [String] = []
    writer.onError = { error in reported.append("\(type(of: error))") }
    let root = Node("root")
    root.install(writer)
    let child = Node("child")
    try child.mount(at: root)
    #expect(writer.writtenCount == 0)
    #expect(writer.failureCount == 1)
    #expect(reported.count == 1)
    #expect(writer.lastError != nil)
  }
}

/// The writer's output as bytes, and what it does to a pipe whose reader is gone.
@MainActor
@Suite("JSON Lines writer output", .leakChecked)
struct TracingJSONLinesOutputTests {
  @Test("rule 38: the writer's lines have the schema's keys in sorted order")
  func keysAreSorted() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let handle = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let writer = JSONLinesTraceWriter(handle: handle)
    writer.scope = "scene"
    writer.receive(.mount(MountRecord(node: "a", parent: "b", reason: .mounted)))
    #expect(writer.failureCount == 0)
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
    let line = String(decoding: bytes[..<max(0, count)], as: UTF8.self)
    // The time varies from run to run; everything else, the key order included, is pinned.
    let pinned = line.replacing(/"time":[0-9]+/, with: #""time":0"#)
    #expect(
      pinned
        == #"{"kind":"mount","node":"a","parent":"b","reason":"mounted","scope":"scene","#
        + #""time":0,"version":\#(TraceLine.schemaVersion)}"# + "\n")
  }

  @Test("a write to a pipe whose reader is gone is counted and raises no SIGPIPE")
  func pipeWithoutReader() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])  // the reader is gone: a write raises SIGPIPE unless the writer prevents it
    let handle = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let writer = JSONLinesTraceWriter(handle: handle)
    var before = sigaction()
    sigaction(SIGPIPE, nil, &before)
    // NB: this thread blocks SIGPIPE while it writes, so a SIGPIPE the write raises stays
    // pending here instead of killing the test process (whatever its disposition), and the
    // test can see it; the test takes it off before unblocking.
    var pipeOnly = sigset_t()
    sigemptyset(&pipeOnly)
    sigaddset(&pipeOnly, SIGPIPE)
    var savedMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeOnly, &savedMask)
    let root = Node("root")
    root.install(writer)
    root.post(Keys.ping, 1)
    var pending = sigset_t()
    sigpending(&pending)
    let leftPending = sigismember(&pending, SIGPIPE) == 1
    if leftPending {
      var noWait = timespec(tv_sec: 0, tv_nsec: 0)
      _ = sigtimedwait(&pipeOnly, nil, &noWait)
    }
    pthread_sigmask(SIG_SETMASK, &savedMask, nil)
    #expect(!leftPending, "the write raised SIGPIPE on the writing thread")
    #expect(writer.failureCount == 1)
    #expect(writer.writtenCount == 0)
    #expect((writer.lastError as? POSIXError)?.code == .EPIPE)
    var after = sigaction()
    sigaction(SIGPIPE, nil, &after)
    #expect(
      unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self),
      "the writer changed the process's SIGPIPE disposition")
  }
}

@MainActor
@Suite("JSON Lines trace files that cannot be written", .leakChecked)
struct TracingJSONLinesRefusalTests {
  @Test("a directory or an unwritable path fails at start with a plain message")
  func unwritablePathsFailPlainly() {
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: TraceDestinationError("cannot trace to \(directory): it is a directory")) {
      _ = try JSONLinesTraceWriter(path: directory)
    }
    #expect(
      throws: TraceDestinationError(
        "cannot trace to /no/such/dir/t.jsonl: No such file or directory")
    ) {
      _ = try JSONLinesTraceWriter(path: "/no/such/dir/t.jsonl")
    }
  }
}
