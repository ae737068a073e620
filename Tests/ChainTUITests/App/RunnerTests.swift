import ChainKit
import ChainKitTracing
import Foundation
import Testing

@testable import ChainTUI

@Suite("Runner and recorder")
@MainActor
struct RunnerTests {
  @Test("the runner delivers queued keys, presents a frame after each, and stops on q")
  func runsUntilQuit() async throws {
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.enqueue(.character("2"), .enter, .character("q"))
    let app = App(size: Size(width: 1, height: 1), colors: false)
    try await AppRunner(app: app, terminal: terminal, clock: ManualLoopClock()).run()
    #expect(app.isFinished)
    #expect(app.scene.id == "router")
    #expect(terminal.presentCount == 4)
    #expect(terminal.screenText.contains("opened: row 0 of inbox"))
  }

  @Test("a resize from the terminal re-lays out at the new size")
  func resizes() async throws {
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.resize(to: Size(width: 100, height: 30))
    terminal.enqueue(.character("q"))
    let app = App(size: Size(width: 80, height: 24), colors: false)
    try await AppRunner(app: app, terminal: terminal, clock: ManualLoopClock()).run()
    #expect(terminal.lastFrame?.size == Size(width: 100, height: 30))
  }

  @Test("the recorder writes a replayable script: size, scene, then one line per key or resize")
  func records() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-record-\(UUID().uuidString).script").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.enqueue(.tab, .character(" "), .mouseClick(x: 3, y: 4), .character("#"))
    terminal.enqueue(.character("\""))
    terminal.resize(to: Size(width: 90, height: 30))
    terminal.enqueue(.character("q"))
    let app = App(size: Size(width: 80, height: 24), colors: false)
    let recorder = try SessionRecorder(path: path)
    try await AppRunner(app: app, terminal: terminal, clock: ManualLoopClock(), recorder: recorder)
      .run()
    let script = try String(contentsOfFile: path, encoding: .utf8)
    let lines = script.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(9)) == [
        "size 90x30", "scene domino", "press tab", "press space", "press click:3,4",
        ##"press "#""##, ##"press "\"""##, "resize 90x30", "press q",
      ])
    // It parses back: a `#` or a quote is quoted, not read as a comment or an open string.
    let parsed = try ScriptParser.parse(script, file: "recorded.chaintui")
    #expect(parsed.steps.filter(\.action.isAction).count == 7)
  }

  @Test("a recording ends with every row of the final screen, so a diverging replay fails")
  func recordsFinalScreen() async throws {
    let pipe = Pipe()
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.enqueue(.tab, .character("l"), .character("q"))
    let app = App(size: Size(width: 80, height: 24), colors: false)
    let recorder = SessionRecorder(handle: pipe.fileHandleForWriting)
    try await AppRunner(app: app, terminal: terminal, clock: ManualLoopClock(), recorder: recorder)
      .run()
    try pipe.fileHandleForWriting.close()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let script = try ScriptParser.parse(text, file: "r.chaintui")
    let rows = script.steps.compactMap { step -> String? in
      guard case .expect(.row(_, let row)) = step.action else { return nil }
      return row
    }
    let screen = app.render()
    #expect(rows == (0..<24).map { screen.row($0) })

    let runner = ScriptRunner(makeTarget: ExplorerScriptTarget.make)
    let replay = runner.run(bytes: Array(text.utf8), file: "r.chaintui", snapshots: nil)
    #expect(replay.passed, "\(replay.details)")
    // The same session without its `l` ends on another screen, and the replay says where.
    let diverged = text.replacingOccurrences(of: "press l\n", with: "")
    let failed = runner.run(bytes: Array(diverged.utf8), file: "r.chaintui", snapshots: nil)
    #expect(!failed.passed)
    #expect(failed.details.contains("failed: expect row"), "\(failed.details)")
  }

  @Test("time under a millisecond per poll adds up: the app's clock and the recording agree")
  func carriesSubMillisecondTime() async throws {
    let pipe = Pipe()
    let clock = ManualLoopClock()
    // 0.6 ms between polls: a recorder that dropped each remainder would record 0 ms forever.
    let terminal = PacedTerminal(clock: clock, pace: .microseconds(600), keys: 10)
    let app = App(size: Size(width: 80, height: 24), colors: false)
    let recorder = SessionRecorder(handle: pipe.fileHandleForWriting)
    try await AppRunner(app: app, terminal: terminal, clock: clock, recorder: recorder).run()
    try pipe.fileHandleForWriting.close()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let ticks = try ScriptParser.parse(text, file: "r").steps.compactMap { step -> Duration? in
      guard case .tick(let duration) = step.action else { return nil }
      return duration
    }
    // 11 polls of 0.6 ms: 6.6 ms read, 6 ms handed to the app, all of it recorded.
    #expect(app.clock.now == .milliseconds(6))
    #expect(ticks.reduce(.zero, +) == .milliseconds(6))
  }

  @Test("the recorder writes the time that passed before a key as a tick")
  func recordsTicks() async throws {
    let pipe = Pipe()
    let recorder = SessionRecorder(handle: pipe.fileHandleForWriting)
    recorder.elapsed(.milliseconds(1500))
    try recorder.record(.character("a"))
    recorder.elapsed(.microseconds(10))
    try recorder.record(.character("b"))
    try pipe.fileHandleForWriting.close()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text == "tick 1500ms\npress a\npress b\n")
  }
}

@Suite("Trace forwarding")
@MainActor
struct TraceForwardingTests {
  @Test("the --trace tracer receives every scene's records, the same ones the inspector lists")
  func forwardsRecords() {
    let log = TraceLog()
    let app = App(size: Size(width: 80, height: 24), colors: false, trace: log)
    app.press(.character("l"))
    #expect(
      log.dispatches.map(\.key) == [
        "ContainerEvents.contentSeen(_:)", "ContentEvents.contentDidLoad(_:)",
      ])
    #expect(Set(log.dispatches.map(\.id)) == Set(app.dispatches.map(\.id)))
  }

  @Test("each line of the --trace file names the scene it came from as its scope")
  func traceLinesNameTheirScene() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-scope-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = try JSONLinesTraceWriter(path: path)
    let app = App(size: Size(width: 80, height: 24), colors: false, trace: writer)
    app.press(.character("l"))
    let lines = try TraceLine.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    // The set-up records of the bus scene (its producer) and of the bindings scene, then the two
    // dispatches of `l` in the domino scene.
    #expect(lines.map(\.scope) == ["bus", "bindings", "bindings", "domino", "domino"])
  }
}

/// A terminal on which time passes at a fixed pace per poll, with a key every poll: tab, then
/// `q` once `keys` tabs went by.
@MainActor
final class PacedTerminal: TerminalBackend {
  let size = Size(width: 80, height: 24)
  private let clock: ManualLoopClock
  private let pace: Duration
  private var keysLeft: Int

  init(clock: ManualLoopClock, pace: Duration, keys: Int) {
    self.clock = clock
    self.pace = pace
    self.keysLeft = keys
  }

  func present(_ grid: Grid) {}

  func nextKey(timeout: Duration) -> Key? {
    clock.advance(by: pace)
    keysLeft -= 1
    return keysLeft >= 0 ? .tab : .character("q")
  }
}

/// A terminal that quits as soon as a main-actor job queued before the loop started has run.
@MainActor
private final class YieldProbeTerminal: TerminalBackend {
  var jobRan = false
  var pollsBeforeJob = 0
  let size = Size(width: 80, height: 24)
  func present(_ grid: Grid) {}
  func nextKey(timeout: Duration) throws -> Key? {
    if jobRan || pollsBeforeJob >= 1_000 { return .character("q") }
    pollsBeforeJob += 1
    return nil
  }
}

@Suite("Runner and the main actor")
@MainActor
struct RunnerYieldTests {
  @Test("the loop yields the main actor between polls, so jobs queued on it run while it waits")
  func loopLetsMainActorJobsRun() async throws {
    let terminal = YieldProbeTerminal()
    Task { @MainActor in terminal.jobRan = true }
    let app = App(size: Size(width: 80, height: 24), colors: false)
    try await AppRunner(app: app, terminal: terminal, clock: ManualLoopClock()).run()
    #expect(terminal.jobRan)
    #expect(terminal.pollsBeforeJob < 1_000, "the job never ran while the loop polled")
  }
}
