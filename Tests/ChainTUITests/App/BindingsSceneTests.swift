import Testing

@testable import ChainTUI

@Suite("Bindings scene")
@MainActor
struct BindingsSceneTests {
  @Test("typing digits in dollars updates copy, and cents through the x100 transform")
  func typingPropagates() {
    let app = AppTest.app(scene: "bindings")
    #expect(app.focusedPanel?.name == "dollars")
    app.press(.character("4"))
    app.press(.character("2"))
    let text = AppTest.screen(app)
    #expect(text.contains("[ 42 ]"))
    #expect(text.contains("[ 4200 ]"))
    #expect(app.log(ofPanel: "cents")?.last == "cents follows dollars: 400 -> 4200")
  }

  @Test("typing in cents updates dollars and copy divided by 100")
  func typingCentsPropagatesBack() {
    let app = AppTest.app(scene: "bindings")
    #expect(app.focus(panelNamed: "cents"))
    for digit in "500" { app.press(.character(digit)) }
    #expect(app.log(ofPanel: "dollars")?.last == "dollars follows cents: 0 -> 5")
    #expect(app.log(ofPanel: "copy")?.last == "copy follows cents: 0 -> 5")
  }

  @Test("the hook panel shows each call with its argument and result")
  func hookShowsCalls() {
    let app = AppTest.app(scene: "bindings")
    app.press(.character("7"))
    #expect(app.log(ofPanel: "formatter")?.contains("call 1: formatter(7) -> $7.00") == true)
  }

  @Test("backspace deletes a digit and propagates the shorter number")
  func backspaceDeletes() {
    let app = AppTest.app(scene: "bindings")
    for key: Key in [.character("1"), .character("2"), .backspace] { app.press(key) }
    #expect(AppTest.screen(app).contains("[ 100 ]"))
  }
}
