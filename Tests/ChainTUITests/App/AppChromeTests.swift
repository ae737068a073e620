import Testing

@testable import ChainTUI

@Suite("App chrome")
@MainActor
struct AppChromeTests {
  @Test("? shows the help overlay with the focused panel's keys, and any key closes it")
  func help() {
    let app = AppTest.app(scene: "router")
    app.press(.character("?"))
    let text = AppTest.screen(app)
    #expect(text.contains("Help"))
    #expect(text.contains("How events flow: Router"))
    #expect(text.contains("like"))
    app.press(.character("x"))
    #expect(!app.showsHelp)
  }

  @Test("q quits", arguments: [Key.character("q"), Key.ctrl("c")])
  func quits(key: Key) {
    let app = AppTest.app(scene: "domino")
    app.press(key)
    #expect(app.isFinished)
  }

  @Test("number keys, function keys and clicks on tabs switch scenes")
  func switchesScenes() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("2"))
    #expect(app.scene.id == "router")
    app.press(.f(1))
    #expect(app.scene.id == "domino")
    let grid = app.render()
    app.press(.mouseClick(x: grid.row(0).distance(of: "Playground"), y: 0))
    #expect(app.scene.id == "playground")
  }

  @Test("every size from 1x1 to 200x60 renders without trapping, at exactly that size")
  func everySize() {
    let app = AppTest.app(scene: "playground")
    app.press(.character("u"))
    app.press(.character("i"))
    for width in stride(from: 1, through: 200, by: 7) {
      for height in stride(from: 1, through: 60, by: 3) {
        app.resize(to: Size(width: width, height: height))
        let grid = app.render()
        #expect(grid.size == Size(width: width, height: height))
      }
    }
  }

  @Test("below the minimum size a centred message names the size needed")
  func tooSmall() {
    let app = AppTest.app(scene: "domino", size: Size(width: 59, height: 24))
    let grid = app.render()
    #expect(grid.row(11).trimmingCharacters(in: .whitespaces) == "terminal too small: need 60x18")
    app.resize(to: Size(width: 60, height: 18))
    #expect(!AppTest.screen(app).contains("too small"))
    // Cut, as every cut text is, with "…".
    app.resize(to: Size(width: 20, height: 5))
    #expect(app.render().row(2) == "terminal too small:…")
    app.resize(to: Size(width: 1, height: 1))
    #expect(app.render().text == "…")
  }

  @Test("without colours no cell has a colour, and focus is still reversed")
  func monochrome() {
    let app = AppTest.app(scene: "bindings")
    app.press(.character("i"))
    app.press(.character("?"))
    let grid = app.render()
    var reversed = 0
    for y in 0..<grid.height {
      for x in 0..<grid.width {
        let style = grid.cell(at: Point(x: x, y: y))?.style ?? .plain
        #expect(style.foreground == .default && style.background == .default)
        if style.reverse { reversed += 1 }
      }
    }
    #expect(reversed > 0)
  }

  @Test("PageUp scrolls the focused panel's log back a page and End returns to the newest")
  func scrollsLog() throws {
    let app = AppTest.app(scene: "router", size: Size(width: 80, height: 40))
    for _ in 0..<20 { app.press(.character("l")) }
    _ = app.render()
    let page = try #require(app.focusedPanel?.log.viewHeight) - 1
    #expect(page > 1)
    app.press(.pageUp)
    #expect(app.focusedPanel?.log.scrollBack == page)
    #expect(AppTest.screen(app).contains("+\(page) below"))
    app.press(.end)
    #expect(app.focusedPanel?.log.scrollBack == 0)
  }
}
