import Testing

@testable import ChainTUI

@Suite("Router scene")
@MainActor
struct RouterSceneTests {
  @Test("the table decorates a cell's event and the controller's handler table handles it")
  func decoratedAndHandled() {
    let app = AppTest.app(scene: "router")
    app.press(.enter)
    #expect(
      app.log(ofPanel: "table")
        == ["bub cellTapped from cell0: decorated [list: inbox, row: 0, section: 0]"])
    #expect(app.log(ofPanel: "controller") == ["bub cellTapped from cell0: handled"])
    #expect(AppTest.screen(app).contains("opened: row 0 of inbox"))
  }

  @Test("an event the controller has no entry for passes on to the root")
  func unknownEventReachesRoot() {
    let app = AppTest.app(scene: "router")
    app.press(.character("s"))
    #expect(app.log(ofPanel: "controller") == ["bub shareTapped from cell0: passed"])
    #expect(app.log(ofPanel: "app") == ["bub shareTapped from cell0: handled"])
    #expect(AppTest.screen(app).contains("events nobody below handled: 1"))
  }

  @Test("liking a cell updates that cell's count")
  func likeCounts() {
    let app = AppTest.app(scene: "router")
    app.press(.tab)
    app.press(.character("l"))
    app.press(.character("l"))
    #expect(AppTest.screen(app).contains("likes 2"))
  }
}
