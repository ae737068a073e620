import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit
@testable import ChainKitTracing

#if canImport(Glibc)
  import Glibc
#endif

/// Waits, a bounded number of times, for the stream's writer thread to get somewhere.
@MainActor
func waitFor(
  _ stream: TraceStream, tries: Int = 20_000, until done: (TraceStream.Statistics) -> Bool
)
  -> Bool
{
  for _ in 0..<tries {
    if done(stream.statistics) { return true }
    usleep(500)
  }
  return done(stream.statistics)
}

@MainActor
@Suite("Trace streams", .serialized, .leakChecked)
struct TraceStreamTests {
  func temporaryPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-stream-\(UUID().uuidString).\(suffix)").path
  }

  @Test("a stream to a file writes a session line, then every record as a line of the schema")
  func streamsToAFile() throws {
    let path = temporaryPath("jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    let leaf = Node("leaf")
    let stream = try TraceStream(to: .file(path), scope: "file test")
    root.install(stream)
    try leaf.mount(at: root)
    root.on(Keys.ping) { _, _ in }
    for value in 1...5 { leaf.post(Keys.ping, value) }
    // mount + 5 posts, and the session line.
    #expect(waitFor(stream) { $0.written == 7 })
    stream.checkInvariants()
    let lines = try TraceLine.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(lines.count == 7)
    guard case .session(let session)? = lines.first?.body else {
      Issue.record("no session line first")
      return
    }
    #expect(session.pid == Int(getpid()))
    let records = lines.compactMap(\.record)
    #expect(records.first == .mount(MountRecord(node: "leaf", parent: "root", reason: .mounted)))
    let payloads = records.compactMap { record -> String? in
      if case .dispatch(let dispatch) = record { dispatch.payload } else { nil }
    }
    #expect(payloads == ["1", "2", "3", "4", "5"])
    #expect(lines.dropFirst().allSatisfy { $0.scope == "file test" })
  }

  @Test("settle waits until every accepted record is written, for a program about to exit")
  func settleBeforeExit() async throws {
    let path = temporaryPath("jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    let stream = try TraceStream(to: .file(path))
    root.install(stream)
    for value in 0..<100 { root.post(Keys.ping, value) }
    #expect(await stream.settle())
    #expect(stream.statistics.written == 101)
    let lines = try TraceLine.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(lines.count == 101)
  }

  @Test("a full buffer drops and counts records instead of waiting")
  func fullBufferDropsAndCounts() {
    let buffer = TraceStreamBuffer(capacity: 3)
    let line = TraceLine(time: 0, scope: "", .dropped(count: 0))
    let added = (0..<10).map { _ in buffer.put(line) }
    #expect(added == [true, true, true] + Array(repeating: false, count: 7))
    #expect(buffer.statistics.dropped == 7)
    #expect(buffer.statistics.accepted == 3)
    let taken = buffer.take()
    #expect(taken.lines.count == 3 && taken.unreported == 7)
    buffer.checkInvariants()
  }

  @Test(
    "a reader that disconnects mid-stream leaves the poster unharmed; drops are counted and reported"
  )
  func readerDisconnectingMidStream() throws {
    let listener = try TestSocketListener()
    let root = Node("root")
    var heard = 0
    root.on(Keys.ping) { _, _ in heard += 1 }
    let stream = try TraceStream(to: .socket(listener.path))
    root.install(stream)
    root.post(Keys.ping, 0)
    #expect(listener.accept(), "the stream never connected to the listener")
    let first = listener.readLines(2)
    #expect(first.count == 2, "the session line and the first record never arrived")
    #expect(first.first?.contains(#""kind":"session""#) == true)
    listener.disconnect()
    // Keep posting until the writer finds the reader gone; each post still runs its listener.
    var posts = 1
    while stream.statistics.dropped == 0, posts < 5_000 {
      root.post(Keys.ping, posts)
      posts += 1
      _ = waitFor(stream, tries: 200) { $0.written + $0.dropped >= posts + 1 }
    }
    #expect(heard == posts)
    #expect(stream.statistics.dropped > 0)
    stream.checkInvariants()
    // A reader that comes back gets a new session, then how many were dropped. The stream
    // connects again when it has something to write (the listener's backlog takes the call).
    // The stream tries again at most every 200 ms, and only when it has a line to write: so
    // post until it has, each post waiting a little for the writer. The bound counts posts,
    // generous enough for a writer thread that a loaded machine runs late.
    for value in 0..<2_000 where stream.statistics.connections < 2 {
      root.post(Keys.ping, 10_000 + value)
      _ = waitFor(stream, tries: 200) { $0.connections == 2 }
    }
    #expect(stream.statistics.connections == 2)
    // Every drop so far (before the reader left and while it was away) is in that report.
    let dropped = stream.statistics.dropped
    #expect(listener.accept(), "the stream never connected again")
    let resumed = listener.readLines(3)
    #expect(
      resumed.count == 3, "the session, dropped and record lines never all arrived: \(resumed)")
    #expect(resumed.first?.contains(#""kind":"session""#) == true)
    let report = try TraceLine.decode(Data((resumed.dropFirst().first ?? "").utf8))
    #expect(report.body == .dropped(count: dropped))
  }

  @Test("a named pipe nobody reads costs the poster nothing; a reader that opens it gets the lines")
  func namedPipe() throws {
    let path = temporaryPath("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let root = Node("root")
    var heard = 0
    root.on(Keys.ping) { _, _ in heard += 1 }
    let stream = try TraceStream(to: TraceDestination(parsing: path))
    #expect(stream.destination == .pipe(path))
    root.install(stream)
    for value in 0..<10 { root.post(Keys.ping, value) }
    #expect(waitFor(stream) { $0.dropped == 10 })
    #expect(heard == 10)
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    var posts = 10
    // As above: post until the stream, trying at most every 200 ms, has found the reader.
    while stream.statistics.connections == 0, posts < 2_000 {
      root.post(Keys.ping, posts)
      posts += 1
      _ = waitFor(stream, tries: 200) { $0.connections > 0 }
    }
    #expect(waitFor(stream) { $0.written >= 3 })
    var bytes = [UInt8](repeating: 0, count: 65_536)
    let count = bytes.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    let lines = String(decoding: bytes[..<max(0, count)], as: UTF8.self).split(separator: "\n")
    #expect(lines.first?.contains(#""kind":"session""#) == true)
    #expect(lines.dropFirst().first?.contains(#""kind":"dropped""#) == true)
    #expect(heard == posts)
  }

  @Test("a destination that can never work is refused at start with a plain message")
  func impossibleDestinationsAreRefused() throws {
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: TraceDestinationError("cannot trace to \(directory): it is a directory")) {
      _ = try TraceStream(to: .file(directory))
    }
    let file = temporaryPath("txt")
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(throws: TraceDestinationError("cannot trace to \(file): it exists and is not a socket"))
    {
      _ = try TraceStream(to: .socket(file))
    }
  }

  @Test("CHAINKIT_TRACE names the destination; unset, there is no stream")
  func environmentVariable() throws {
    let path = temporaryPath("jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try TraceStream.fromEnvironment([:]) == nil)
    let stream = try TraceStream.fromEnvironment(["CHAINKIT_TRACE": path])
    #expect(stream?.destination == .file(path))
    #expect(TraceDestination(parsing: "unix:/tmp/x.sock") == .socket("/tmp/x.sock"))
    #expect(TraceDestination(parsing: "/no/such/file") == .file("/no/such/file"))
    #expect(TraceDestination(parsing: "/no/such/chain.sock") == .socket("/no/such/chain.sock"))
  }
}
