import Testing

@testable import ChainTUI

@Suite("Focus")
@MainActor
struct FocusTests {
  @Test("focus starts on the first leaf, and Tab and Shift-Tab move among the focus stops")
  func tabCycles() {
    let app = AppTest.app(scene: "router")
    #expect(app.focusedPanel?.name == "cell0")
    app.press(.tab)
    #expect(app.focusedPanel?.name == "cell1")
    app.press(.shiftTab)
    app.press(.shiftTab)
    #expect(app.focusedPanel?.name == "cell2")
  }

  @Test("arrows move focus to the nearest panel in that direction on screen")
  func arrowsMoveSpatially() {
    let app = AppTest.app(scene: "playground")
    _ = app.render()
    #expect(app.focusedPanel?.name == "btnA")
    app.press(.right)
    #expect(app.focusedPanel?.name == "btnB")
    app.press(.down)
    #expect(app.focusedPanel?.name == "solo")
    // The panel beside comes before the panels inside it.
    app.press(.right)
    #expect(app.focusedPanel?.name == "right")
  }

  @Test("an arrow before the first frame moves by the layout the screen will have")
  func arrowBeforeFirstFrame() {
    let app = AppTest.app(scene: "playground")
    #expect(app.focusedPanel?.name == "btnA")
    // Below btnA on screen is solo; the next stop in tree order would be btnB.
    app.press(.down)
    #expect(app.focusedPanel?.name == "solo")
  }

  @Test("an arrow after a resize moves by the new layout, not the last frame's")
  func arrowAfterResize() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("i"))
    // At 80 columns the inspector covers the scene, so this frame shows no panel at all.
    _ = app.render()
    app.press(.resize(width: 140, height: 40))
    // At 140 columns the panels are back beside the inspector: detail is right of feed.
    app.press(.right)
    #expect(app.focusedPanel?.name == "detail")
  }

  @Test("a click goes by the current layout, also when no frame was drawn since a resize")
  func clickAfterResize() {
    let app = AppTest.app(scene: "router")
    let wide = App(size: Size(width: 120, height: 30), colors: false)
    wide.select(sceneID: "router")
    let grid = wide.render()
    let row = (0..<grid.height).first { grid.row($0).contains("Cy: see the trace") } ?? 0
    let column = grid.row(row).distance(of: "Cy:")
    _ = app.render()
    app.press(.resize(width: 120, height: 30))
    app.press(.mouseClick(x: column, y: row))
    #expect(app.focusedPanel?.name == "cell2")
  }

  @Test("a mouse click focuses the panel under it")
  func clickFocuses() {
    let app = AppTest.app(scene: "router")
    let grid = app.render()
    let row = (0..<grid.height).first { grid.row($0).contains("Cy: see the trace") } ?? 0
    let column = grid.row(row).distance(of: "Cy:")
    app.press(.mouseClick(x: column, y: row))
    #expect(app.focusedPanel?.name == "cell2")
  }

  @Test("the focused panel's title is drawn reversed, so focus shows in monochrome")
  func focusIsReversed() {
    let app = AppTest.app(scene: "router")
    let grid = app.render()
    let row = (0..<grid.height).first { grid.row($0).contains("─ cell0 ─") } ?? 0
    let column = grid.row(row).distance(of: "cell0")
    #expect(grid.cell(at: Point(x: column, y: row))?.style.reverse == true)
    let other = grid.row(row).distance(of: "cell1")
    #expect(grid.cell(at: Point(x: other, y: row))?.style.reverse == false)
  }

  @Test("focus(panelNamed:) moves focus to a named stop and refuses unknown names")
  func focusByName() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "statsManager"))
    #expect(app.focusedPanel?.name == "statsManager")
    #expect(!app.focus(panelNamed: "nowhere"))
    #expect(app.focusedPanel?.name == "statsManager")
  }
}

extension String {
  /// The column (in characters) where `needle` starts, or 0.
  func distance(of needle: String) -> Int {
    guard let range = range(of: needle) else { return 0 }
    return self.distance(from: startIndex, to: range.lowerBound)
  }
}
