import ChainKit
import ChainTUI
import ChainTUITesting
import Testing

/// A scene of a user's own, made with the public API only: a ticker whose timer runs on the
/// explorer's clock, and a key that stops it.
@MainActor
final class TickerScene: Scene {
  let id: String
  let title = "Ticker"
  let root = Panel("ticker")
  let flow = ["The ticker counts seconds on the explorer's clock; s stops it."]
  private(set) var ticks = 0
  private var timer: SceneTimer?

  init(id: String = "ticker") {
    self.id = id
    root.body = ["ticks 0"]
    root.keys = [PanelKey(.character("s"), "stop") { [weak self] in self?.timer?.cancel() }]
  }

  func start(_ context: SceneContext) {
    timer = context.every(.seconds(1)) { [weak self] in
      guard let self else { return }
      ticks += 1
      root.body = ["ticks \(ticks)"]
    }
  }
}

@Suite("Your own scenes")
@MainActor
struct OwnScenesTests {
  @Test("a session on your scenes shows them alone, the first on screen")
  func ownScenesOnly() throws {
    let session = try HeadlessSession(scenes: [TickerScene(), TickerScene(id: "second")])
    #expect(session.row(0) == " ChainTUI  1 Ticker  2 Ticker")
    #expect(session.scene == "ticker")
  }

  @Test("with the built-in scenes, yours come after them and yours is on screen")
  func besideBuiltIns() throws {
    let session = try HeadlessSession(
      size: Size(width: 120, height: 30), scenes: [TickerScene()], includesBuiltInScenes: true)
    #expect(session.row(0).hasSuffix("6 Playground  7 Ticker"))
    #expect(session.screenText.contains("ticks 0"))
  }

  @Test("two scenes with one id are an error that names the id", arguments: [false, true])
  func duplicateIDs(builtIns: Bool) {
    let scenes = builtIns ? [TickerScene(id: "router")] : [TickerScene(), TickerScene()]
    let id = builtIns ? "router" : "ticker"
    #expect(throws: HeadlessSessionError.self) {
      try HeadlessSession(scenes: scenes, includesBuiltInScenes: builtIns)
    }
    do {
      _ = try HeadlessSession(scenes: scenes, includesBuiltInScenes: builtIns)
    } catch {
      #expect(error.message.contains("two scenes have the id '\(id)'"), "\(error.message)")
    }
  }

  @Test("no scene at all is an error, not a crash")
  func noScenes() {
    #expect(throws: HeadlessSessionError.self) { try HeadlessSession(scenes: []) }
  }

  @Test("a scene's timer runs on the explorer's clock, only on tick, until cancelled")
  func timers() throws {
    let ticker = TickerScene()
    let session = try HeadlessSession(scenes: [ticker])
    #expect(ticker.ticks == 0)
    session.tick(.milliseconds(2500))
    #expect(ticker.ticks == 2)
    #expect(session.screenText.contains("ticks 2"))
    try session.press("s")
    session.tick(.seconds(5))
    #expect(ticker.ticks == 2)
  }

  @Test("the help names the scene keys there are, and the scene's flow")
  func help() throws {
    let session = try HeadlessSession(scenes: [TickerScene()])
    try session.press("?")
    #expect(session.screenText.contains("1, F1        switch scene"))
    #expect(session.screenText.contains("The ticker counts seconds"))
  }
}
