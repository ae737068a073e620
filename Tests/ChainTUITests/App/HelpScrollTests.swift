import Testing

@testable import ChainTUI

/// The help fits small screens and scrolls when it is taller than they are.
@Suite("Help that fits")
@MainActor
struct HelpScrollTests {
  @Test(
    "at 60x18 and 80x24 the help fits, scrolls to its legend and stops at its end",
    arguments: [Size(width: 60, height: 18), Size(width: 80, height: 24)])
  func scrolls(size: Size) {
    let app = AppTest.app(scene: "domino", size: size)
    app.press(.character("?"))
    var screen = AppTest.screen(app)
    #expect(screen.contains("How events flow: Event chain"))
    #expect(screen.contains("below: up/down scroll"), "\(screen)")
    #expect(!screen.contains("Legend"))
    app.press(.end)
    screen = AppTest.screen(app)
    #expect(app.showsHelp)
    #expect(screen.contains("◆ ▾ ⇄ +"), "\(screen)")
    #expect(screen.contains("+0 below"))
    let end = app.helpScroll
    app.press(.down)
    #expect(app.helpScroll == end)
    app.press(.home)
    #expect(app.helpScroll == 0)
    // Every row of the box is inside the screen: its bottom border is drawn.
    #expect(screen.split(separator: "\n").contains { $0.contains("└") && $0.contains("┘") })
  }

  @Test("a key that does not scroll closes the help; q still quits")
  func closes() {
    let app = AppTest.app(scene: "router")
    app.press(.character("?"))
    app.press(.down)
    #expect(app.showsHelp)
    app.press(.character("x"))
    #expect(!app.showsHelp)
    app.press(.character("?"))
    app.press(.character("q"))
    #expect(app.isFinished)
  }

  @Test("the help has a legend of log tags, markers and the inspector's marks")
  func legend() {
    let overlay = HelpOverlay(
      theme: Theme(colors: false), scene: AppTest.app(scene: "router").scene, keys: [],
      sceneCount: 6)
    let text = overlay.lines().map(\.text).joined(separator: "\n")
    for word in ["tgt cap bub", "req", "+N above", "threw", "• └ ?", "◆ ▾ ⇄ +"] {
      #expect(text.contains(word), "\(word)")
    }
  }
}
