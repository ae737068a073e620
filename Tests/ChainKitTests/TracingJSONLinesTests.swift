import Foundation
import Testing

@testable import ChainKit

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
