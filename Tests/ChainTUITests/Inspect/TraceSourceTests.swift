import ChainKit
import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainTUI

@MainActor
@Suite("chaintui inspect: files and sockets", .serialized)
struct TraceSourceTests {
  func temporaryPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-inspect-\(UUID().uuidString.prefix(8)).\(suffix)").path
  }

  func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    try handle.close()
  }

  @Test("a followed file is read as it grows, a line split across writes included")
  func followsAGrowingFile() throws {
    let path = temporaryPath("jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let program = InspectFixtures.program(pings: 1)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(program.utf8)))
    let source = try TraceFileSource(path: path, follow: true)
    let inspector = TraceInspector(size: Size(width: 100, height: 30), colors: false, source: path)
    #expect(source.poll(into: inspector))
    #expect(inspector.counts.dispatches == 1)
    #expect(!source.poll(into: inspector))
    let next = InspectFixtures.ping(2)
    let middle = next.index(next.startIndex, offsetBy: next.count / 2)
    try append(String(next[..<middle]), to: path)
    #expect(source.poll(into: inspector))
    #expect(inspector.counts.dispatches == 1)
    try append(String(next[middle...]) + "\n" + InspectFixtures.ping(3) + "\n", to: path)
    #expect(source.poll(into: inspector))
    #expect(inspector.counts.dispatches == 3)
    #expect(inspector.problems.isEmpty)
    #expect(inspector.sessionCount == 1)
  }

  @Test("a file read without --follow ends its session, and a truncated last line is reported")
  func fileWithoutFollowEnds() throws {
    let path = temporaryPath("jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = InspectFixtures.program(pings: 2) + #"{"kind":"dispatch","id":"#
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let source = try TraceFileSource(path: path, follow: false)
    let inspector = TraceInspector(size: Size(width: 100, height: 30), colors: false, source: path)
    for _ in 0..<3 { _ = source.poll(into: inspector) }
    #expect(inspector.counts.dispatches == 2)
    #expect(inspector.problems == ["line 6: truncated (24 bytes without a newline at the end)"])
    #expect(inspector.app.render().text.contains("(ended)"))
  }

  @Test("a named pipe opens without waiting for its writer and is read as lines come")
  func readsANamedPipe() throws {
    let path = temporaryPath("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let source = try TraceFileSource(path: path, follow: false)
    #expect(source.follow)
    let inspector = TraceInspector(size: Size(width: 100, height: 30), colors: false, source: path)
    #expect(!source.poll(into: inspector))
    let writer = open(path, O_WRONLY | O_NONBLOCK)
    #expect(writer >= 0)
    defer { close(writer) }
    let bytes = Array(InspectFixtures.program(pings: 2).utf8)
    #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == bytes.count)
    #expect(source.poll(into: inspector))
    #expect(inspector.counts.dispatches == 2)
  }

  @Test("a socket path that exists and is not a socket is refused, and so is a missing file")
  func refusesWhatIsNotASocket() throws {
    let path = temporaryPath("txt")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: InspectError("\(path): exists and is not a socket; refusing to replace it")) {
      _ = try TraceSocketServer(path: path)
    }
    #expect(throws: InspectError("/no/such/trace.jsonl: no such file")) {
      _ = try TraceFileSource(path: "/no/such/trace.jsonl", follow: false)
    }
    #expect(FileKind.of(path) == .regular)
  }

  /// Starts `chainkit-example --live count`, streaming to the socket at `path`.
  func startLiveExample(count: Int, socket path: String) throws -> Process {
    let executable = try PackageLayout.builtExecutable("chainkit-example")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--live", "\(count)"]
    process.environment = ["CHAINKIT_TRACE": "unix:\(path)"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The most polls, 1 ms apart, a test feeds a live example's socket into the inspector.
  ///
  /// A count, and a generous one: the example (a debug build) starts, posts for about a second
  /// and exits, but on a loaded machine its start alone can take many seconds. Running out is a
  /// failure that says so.
  static let maximumPolls = 600_000

  /// Runs `chainkit-example --live count` streaming to `socket`, and feeds the inspector until
  /// the program has exited and the inspector has seen its session end (a bounded number of
  /// polls), then reads what is left.
  func runLiveExample(count: Int, socket server: TraceSocketServer, into inspector: TraceInspector)
    throws -> Int32
  {
    let sessions = inspector.sessionCount
    let process = try startLiveExample(count: count, socket: server.path)
    var polls = 0
    while polls < Self.maximumPolls {
      _ = server.poll(into: inspector)
      server.checkInvariants()
      // Cheapest first: the render is the dearest check, made once the rest hold.
      if !process.isRunning, !server.isConnected, server.connectionCount > 0,
        inspector.sessionCount > sessions || sessions == 1,
        inspector.app.render().text.contains("(ended)")
      {
        break
      }
      usleep(1_000)
      polls += 1
    }
    #expect(
      polls < Self.maximumPolls,
      "chainkit-example --live \(count) did not stream and end within \(Self.maximumPolls) polls")
    process.waitUntilExit()
    _ = server.poll(into: inspector)
    return process.terminationStatus
  }

  @Test("a program streaming through a socket shows up live: tree, logs and counts")
  func liveProgramThroughASocket() throws {
    let path = temporaryPath("sock")
    let server = try TraceSocketServer(path: path)
    let inspector = TraceInspector(size: Size(width: 160, height: 50), colors: false, source: path)
    #expect(try runLiveExample(count: 3, socket: server, into: inspector) == 0)
    let scene = try #require(inspector.app.scene as? TraceScene)
    #expect(scene.root.children.map(\.name) == ["window"])
    #expect(scene.panel(for: "window").children.map(\.name) == ["list", "worker"])
    #expect(scene.panel(for: "list").children.map(\.name) == ["cell"])
    // 3 mounts; 3 clicks, 3 requests, 3 remote posts; 3 publishes.
    #expect(inspector.counts.records == 15)
    #expect(inspector.counts.dispatches == 9)
    #expect(inspector.counts.dropped == 0 && inspector.counts.skipped == 0)
    #expect(inspector.app.log(ofPanel: "list")?.filter { $0.contains("itemClicked") }.count == 3)
    #expect(inspector.app.log(ofPanel: "worker")?.filter { $0.contains("progress") }.count == 3)
    let rootLog = inspector.app.log(ofPanel: "session 1") ?? []
    #expect(rootLog.filter { $0.contains("bus live: Tick") }.count == 3)
    #expect(inspector.app.render().text.contains("chainkit-example (pid"))
    // The explorer's inspector explains, from the records alone, why a panel's listeners ran.
    #expect(inspector.app.focus(panelNamed: "cell"))
    inspector.app.press(.character("i"))
    inspector.app.press(.character("w"))
    let screen = inspector.app.render().text
    #expect(screen.contains("why cell for #9 ListEvents.channelID()"))
    // The explanation wraps in the why pane: its first line is enough to know it.
    #expect(screen.contains("reached (target); no listener for ListEvents.channelID() in"))
  }

  @Test("two programs streaming at once are two sessions, each with its own records")
  func overlappingProgramsAreSeparateSessions() throws {
    let path = temporaryPath("sock")
    let server = try TraceSocketServer(path: path)
    let inspector = TraceInspector(size: Size(width: 120, height: 40), colors: false, source: path)
    let programs = try (0..<2).map { _ in try startLiveExample(count: 3, socket: path) }
    var polls = 0
    // Until both have connected too: one that exits before the server accepts it waits in the
    // listener's backlog, with everything it sent.
    while polls < Self.maximumPolls,
      programs.contains(where: \.isRunning) || server.isConnected || server.connectionCount < 2
    {
      _ = server.poll(into: inspector)
      server.checkInvariants()
      usleep(1_000)
      polls += 1
    }
    #expect(
      polls < Self.maximumPolls, "the two programs did not end within \(Self.maximumPolls) polls")
    _ = server.poll(into: inspector)
    for program in programs {
      program.waitUntilExit()
      #expect(program.terminationStatus == 0)
    }
    #expect(server.connectionCount == 2)
    let sessions = inspector.sessions
    #expect(sessions.map(\.counts.dispatches) == [9, 9])
    #expect(sessions.filter(\.hasEnded).count == 2)
    let pids = Set(sessions.compactMap { $0.session?.pid })
    #expect(pids.count == 2)
    #expect(inspector.problems.isEmpty)
  }

  @Test("a program that runs again is a new session; the listener goes on")
  func reconnectIsANewSession() throws {
    let path = temporaryPath("sock")
    let server = try TraceSocketServer(path: path)
    let inspector = TraceInspector(size: Size(width: 120, height: 40), colors: false, source: path)
    #expect(try runLiveExample(count: 1, socket: server, into: inspector) == 0)
    #expect(try runLiveExample(count: 2, socket: server, into: inspector) == 0)
    #expect(server.connectionCount == 2)
    #expect(inspector.sessionCount == 2)
    #expect(inspector.counts.dispatches == 6)
    #expect(inspector.problems.isEmpty)
  }
}
