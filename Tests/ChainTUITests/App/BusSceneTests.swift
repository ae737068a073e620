import Testing

@testable import ChainTUI

@Suite("Bus scene")
@MainActor
struct BusSceneTests {
  @Test("a tick of the virtual clock publishes to every subscriber")
  func tickUpdates() {
    let app = AppTest.app(scene: "bus")
    app.advance(by: .seconds(1))
    #expect(app.log(ofPanel: "sub1")?.last == "tick 1")
    #expect(app.log(ofPanel: "sub2")?.last == "tick 1")
    app.advance(by: .milliseconds(999))
    #expect(app.log(ofPanel: "sub1")?.last == "tick 1")
  }

  @Test("a subscriber added later shows the current value at once")
  func newSubscriberGetsCurrentValue() {
    let app = AppTest.app(scene: "bus")
    app.advance(by: .seconds(3))
    #expect(app.focus(panelNamed: "producer"))
    app.press(.character("a"))
    #expect(app.log(ofPanel: "sub3") == ["at once: tick 3 (current)"])
    #expect(AppTest.screen(app).contains("subscribers: 3"))
  }

  @Test("a removed subscriber leaves the screen and the bus")
  func removeSubscriber() {
    let app = AppTest.app(scene: "bus")
    #expect(app.focus(panelNamed: "sub2"))
    app.press(.character("d"))
    #expect(app.log(ofPanel: "sub2") == nil)
    #expect(AppTest.screen(app).contains("subscribers: 1"))
    app.advance(by: .seconds(1))
    #expect(app.log(ofPanel: "sub1")?.last == "tick 1")
  }
}
