import Testing

@testable import ChainTUI

/// The tab and status bars are copied from earlier frames while what they show is unchanged;
/// these pin down that a change between two frames still shows in the second.
@Suite("Chrome cache")
@MainActor
struct ChromeCacheTests {
  /// The status bar's row of an app's current screen.
  private func statusRow(_ app: App) -> String { app.render().row(app.size.height - 1) }

  @Test("the status bar shows a key given to the focused panel after a frame was drawn")
  func statusFollowsNewKeys() throws {
    let app = AppTest.app(scene: "bus", size: Size(width: 160, height: 24))
    let panel = try #require(app.focusedPanel)
    #expect(!statusRow(app).contains("x zap"))
    panel.keys.append(PanelKey(.character("x"), "zap") {})
    #expect(statusRow(app).contains("x zap"))
  }

  @Test("the status bar follows focus, and the tab bar the scene, from one frame to the next")
  func barsFollowFocusAndScene() throws {
    let app = AppTest.app(scene: "domino", size: Size(width: 160, height: 24))
    let before = app.render()
    app.press(.tab)
    let name = try #require(app.focusedPanel?.name)
    #expect(statusRow(app).contains(name))
    #expect(statusRow(app) != before.row(23))
    app.press(.character("2"))
    // Monochrome text is the same for every tab: the current one differs by its style.
    #expect(Array(app.render().rowCells(0)) != Array(before.rowCells(0)))
    app.press(.character("1"))
    #expect(Array(app.render().rowCells(0)) == Array(before.rowCells(0)))
  }
}
