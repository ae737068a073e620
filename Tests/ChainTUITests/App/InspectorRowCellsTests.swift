import Testing

@testable import ChainTUI

/// The inspector keeps its list rows as drawn cells across frames; what it copies in must be
/// what it would draw afresh.
@Suite("Inspector row cells")
@MainActor
struct InspectorRowCellsTests {
  /// An app with the inspector open on a list of several dispatches, the newest selected.
  func appWithList() -> App {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    for key in ["l", "s", "l", "s", "i"] { app.press(.character(Character(key))) }
    return app
  }

  /// The frame drawn with every row drawn again, the kept rows forgotten first.
  func freshFrame(_ app: App) -> Grid {
    for tracer in app.tracers { tracer.rowCells.removeAll() }
    return app.render()
  }

  @Test("moving the selection restyles kept rows exactly as drawing them again would")
  func selectionMoves() {
    let app = appWithList()
    _ = app.render()
    for key in [Key.up, .up, .down, .end] {
      app.press(key)
      let kept = app.render()
      #expect(kept == freshFrame(app), "after \(key)")
    }
  }

  @Test("a new record scrolls kept rows up, and they match rows drawn afresh")
  func newRecords() {
    let app = appWithList()
    _ = app.render()
    app.press(.character("l"))
    let kept = app.render()
    #expect(kept == freshFrame(app))
  }
}
