import ChainTUI
import ChainTUITesting
import Testing

/// The public API against the real explorer, as the Scripts article shows it.
@Suite("Headless session on the explorer")
@MainActor
struct HeadlessSessionExplorerTests {
  @Test("liking a post updates the photo, and a script continues from the session's state")
  func like() throws {
    let session = try HeadlessSession(size: Size(width: 100, height: 40), scene: "model")
    try session.focus("actions1")
    try session.press("l")
    #expect(session.screenText.contains("♥ liked · 12"))
    #expect(session.log(of: "photo1")?.last == "data photo: liked, 12 likes")
    try session.runScript("expect event key=like path=actions1>post1>feedList outcome=ok")
  }

  @Test("an unknown scene is an error naming the scenes there are")
  func unknownScene() {
    #expect(throws: HeadlessSessionError.self) { try HeadlessSession(scene: "nope") }
    do {
      _ = try HeadlessSession(scene: "nope")
    } catch {
      #expect(error.message.contains("unknown scene 'nope'; expected one of: domino, router"))
    }
  }

  @Test("the virtual clock moves only on tick")
  func tick() throws {
    let session = try HeadlessSession(scene: "bus")
    #expect(session.log(of: "producer") == [])
    session.tick(.seconds(2))
    #expect(session.log(of: "producer") == ["published tick 1 to 2", "published tick 2 to 2"])
  }
}
