import ChainKit
import ChainKitTracing
import Foundation
import Testing

@testable import ChainTUI

/// Recordings are tests: random sessions run through the real loop (the app runner, time moving
/// between polls as it does in a terminal) and are recorded; each replay through the headless
/// harness must show, after every key, the screen the live session showed, and end on the same
/// screen and event flow.
@Suite("Recorded sessions")
@MainActor
struct RecordedSessionTests {
  struct Live {
    var script: String
    var frames: [String]
    var flow: [String]
  }

  /// Runs a random session through the runner and returns its recording and what it showed.
  func record(seed: UInt64, scene: String, keys: Int, trees: [any Scene] = []) throws -> Live {
    let clock = ManualLoopClock()
    let terminal = RandomTerminal(
      size: Size(width: 100, height: 30), clock: clock, seed: seed, keys: keys)
    let app = App(size: terminal.size, colors: false, scenes: trees)
    app.select(sceneID: scene)
    // The frames are compared with the replay's, which shows `·` for wall-clock timings.
    app.showsTimings = false
    let pipe = Pipe()
    let recorder = SessionRecorder(handle: pipe.fileHandleForWriting)
    // NB: the runner's turns without its yields, in one main-actor job. Under `swift test` on
    // Linux the main actor is drained by whichever worker thread libdispatch picks after each
    // suspension, and a trace payload is described only on the thread that recorded it, so
    // a resumed job could show "not described" where the replay shows the payload. In the
    // chaintui binary the main actor stays on the main thread.
    let runner = AppRunner(app: app, terminal: terminal, clock: clock, recorder: recorder)
    try runner.start()
    while !app.isFinished { try runner.step() }
    try runner.finish()
    try pipe.fileHandleForWriting.close()
    let script = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return Live(
      script: script, frames: terminal.framesAfterKeys, flow: app.dispatches.map(Self.shape))
  }

  static func shape(_ record: DispatchRecord) -> String {
    "\(record.key) \(record.path.joined(separator: ">")) \(record.answeredBy ?? "-")"
      + " \(record.stopped) \(record.hops.map(\.node))"
  }

  @Test(
    "a random session with arrows, resizes and ticks replays exactly, key by key",
    arguments: [
      (1, "playground"), (2, "domino"), (3, "bus"), (4, "model"), (5, "router"), (6, "diamond"),
      (7, "settings"),
    ])
  func replaysExactly(seed: Int, scene: String) throws {
    // The examples' trees are recorded too: the recording names each in a `tree` line. A
    // scene holds its nodes and state, so the live app and the replay each load their own.
    let loadTrees = { () throws -> [any Scene] in
      try ["diamond", "settings"].filter { $0 == scene }.map {
        try TreeFileLoader.scene(
          contentsOf: TreeTestSupport.examples.appendingPathComponent("\($0).tree")
        ).get()
      }
    }
    let live = try record(seed: UInt64(seed), scene: scene, keys: 60, trees: try loadTrees())
    let script = try ScriptParser.parse(live.script, file: "recorded-\(seed).chaintui")
    #expect(script.steps.contains { $0.action == .press([.left]) || $0.action == .press([.up]) })
    #expect(script.steps.contains { if case .resize = $0.action { true } else { false } })
    #expect(script.steps.contains { if case .tick = $0.action { true } else { false } })

    // Step by step through the headless loop: the screen after each key and resize.
    let driver = try #require(
      try ExplorerScriptTarget.make(
        size: script.size ?? Script.defaultSize, scene: script.scene, scenes: try loadTrees())
        as? HeadlessDriver)
    #expect(script.trees.count == (["diamond", "settings"].contains(scene) ? 1 : 0))
    var frames: [String] = []
    for step in script.steps {
      switch step.action {
      case .press(let keys):
        for key in keys {
          driver.press(key)
          frames.append(driver.render().text)
        }
      case .resize(let size):
        driver.resize(to: size)
        frames.append(driver.render().text)
      case .tick(let duration):
        driver.advance(by: duration)
      default:
        break
      }
    }
    let firstDifference = zip(live.frames, frames).enumerated().first {
      $0.element.0 != $0.element.1
    }
    #expect(frames.count == live.frames.count)
    let difference = firstDifference.map {
      "after key \($0.offset): live\n\($0.element.0)\nreplay\n\($0.element.1)"
    }
    #expect(difference == nil, "\(difference ?? "")")
    #expect(driver.app.dispatches.map(Self.shape) == live.flow)

    // And as a script: the recording's closing rows pass.
    let report = ScriptRunner(makeTarget: ExplorerScriptTarget.make).run(
      bytes: Array(live.script.utf8), file: "recorded-\(seed).chaintui", snapshots: nil)
    #expect(report.passed, "\(report.details)")
  }
}
