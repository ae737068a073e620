import Testing

@testable import ChainTUI

@Suite("Event chain scene")
@MainActor
struct DominoSceneTests {
  @Test("a content panel's event bubbles through the container to the root, as their logs show")
  func loadBubbles() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("l"))
    #expect(app.log(ofPanel: "feed")?.first == "tgt ContentEvents.contentDidLoad(_:): passed")
    #expect(
      app.log(ofPanel: "container")?.first
        == "bub ContentEvents.contentDidLoad(_:) from feed: handled")
    #expect(
      app.log(ofPanel: "root")?.contains("bub ContentEvents.contentDidLoad(_:) from feed: handled")
        == true)
    #expect(AppTest.screen(app).contains("loads heard here: 1"))
  }

  @Test("the container's interceptor rewrites the statistics params, visible in the logs")
  func interceptorRewrites() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("e"))
    #expect(
      app.log(ofPanel: "container")
        == ["bub ContentEvents.statistics(_:) from feed: rewrote [arg: 333, msg: hook!!!]"])
    #expect(AppTest.screen(app).contains("last statistics: [arg: 333, msg: hook!!!]"))
  }

  @Test("a request is answered by the nearest ancestor that knows")
  func requestsAnsweredByNearest() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("g"))
    #expect(app.log(ofPanel: "container") == ["req ContentEvents.pageSize() from feed: answered"])
    #expect(app.log(ofPanel: "root") == [])
    app.press(.character("r"))
    #expect(
      app.log(ofPanel: "container")?.last == "req ContentEvents.channelID() from feed: declined")
    #expect(app.log(ofPanel: "root") == ["req ContentEvents.channelID() from feed: answered"])
    #expect(AppTest.screen(app).contains("channelID = home-feed"))
  }

  @Test("the non-UI manager's events enter the chain under detail and reach the root")
  func managerIsInTheChain() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "statsManager"))
    app.press(.character("s"))
    #expect(
      app.log(ofPanel: "detail") == ["bub ContentEvents.statistics(_:) from statsManager: passed"])
    #expect(
      app.log(ofPanel: "root") == ["bub ContentEvents.statistics(_:) from statsManager: handled"])
  }
}
