import Testing

@testable import ChainTUI

@Suite("Playground scene")
@MainActor
struct PlaygroundSceneTests {
  @Test("re-parenting the widget makes the next ping take the new path")
  func reparentChangesPath() {
    let app = AppTest.app(scene: "playground")
    app.press(.enter)
    #expect(app.dispatches.last?.path == ["btnA", "widget", "left", "root"])
    app.press(.character("m"))
    app.press(.enter)
    #expect(app.dispatches.last?.path == ["btnA", "widget", "right", "root"])
    #expect(app.log(ofPanel: "right")?.last == "bub ping from btnA: handled")
  }

  @Test("a stop listener on a panel keeps the next ping from going above it")
  func stopToggle() {
    let app = AppTest.app(scene: "playground")
    #expect(app.focus(panelNamed: "widget"))
    app.press(.character("s"))
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.enter)
    #expect(app.log(ofPanel: "widget")?.last == "bub ping from btnA: handled, stopped")
    #expect(app.log(ofPanel: "left")?.contains { $0.contains("ping") } == false)
  }

  @Test("a capture listener at the root runs on the way down, before the target")
  func captureToggle() {
    let app = AppTest.app(scene: "playground")
    #expect(app.focus(panelNamed: "root"))
    app.press(.character("c"))
    #expect(app.focus(panelNamed: "btnB"))
    app.press(.enter)
    #expect(
      app.log(ofPanel: "root")?.suffix(2)
        == ["cap ping from btnB: handled", "bub ping from btnB: handled"])
  }

  @Test("an unmounted widget still hears its pings, but the root does not")
  func unmountDetaches() {
    let app = AppTest.app(scene: "playground")
    app.press(.character("u"))
    app.press(.enter)
    #expect(app.dispatches.last?.path == ["btnA", "widget"])
    #expect(app.log(ofPanel: "widget")?.last == "bub ping from btnA: handled")
    #expect(app.log(ofPanel: "root")?.contains { $0.contains("ping") } == false)
    app.press(.character("u"))
    app.press(.enter)
    #expect(app.dispatches.last?.path == ["btnA", "widget", "left", "root"])
  }

  @Test("u u after m mounts the widget back under right, where it was")
  func remountGoesBackWhereItWas() {
    let app = AppTest.app(scene: "playground")
    app.press(.character("m"))
    app.press(.character("u"))
    app.press(.character("u"))
    app.press(.enter)
    #expect(app.dispatches.last?.path == ["btnA", "widget", "right", "root"])
  }
}

@Suite("Playground errors")
@MainActor
struct PlaygroundErrorTests {
  @Test("a listener that throws is logged as an error and the app goes on")
  func thrownErrorIsLogged() {
    let app = AppTest.app(scene: "playground")
    app.press(.character("x"))
    #expect(
      app.log(ofPanel: "root")?.last
        == "bub boom from btnA: handled, threw: root (bubble) boom: root's listener threw")
    #expect(app.log(ofPanel: "btnA")?.last == "boom outcome: ran 1, 1 error(s)")
    app.press(.enter)
    #expect(!app.isFinished)
  }
}
