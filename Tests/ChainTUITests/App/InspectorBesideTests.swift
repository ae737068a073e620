import Testing

@testable import ChainTUI

/// Issue 33, item 7: from 80 columns the inspector sits beside the panels, and `I` gives it the
/// whole screen and back.
@Suite("The inspector beside the panels")
@MainActor
struct InspectorBesideTests {
  /// Feeds `bytes` to the app as a terminal sends them.
  private func type(_ bytes: String, into app: App) {
    var decoder = KeyDecoder()
    for key in decoder.decode(Array(bytes.utf8)) { app.press(key) }
  }

  /// A left click at a screen cell, as an xterm sends it (SGR, one-based).
  private func click(_ point: Point, in app: App) {
    type(
      "\u{1B}[<0;\(point.x + 1);\(point.y + 1)M\u{1B}[<0;\(point.x + 1);\(point.y + 1)m", into: app)
  }

  /// The router scene with one dispatch and the inspector open, at a size.
  private func routerWithInspector(_ size: Size) -> App {
    let app = AppTest.app(scene: "router", size: size)
    type("\r", into: app)
    type("i", into: app)
    return app
  }

  @Test(
    "from 80 columns the inspector sits beside the panels, both readable",
    arguments: [Size(width: 80, height: 24), Size(width: 100, height: 30)])
  func besideThePanels(size: Size) {
    let app = routerWithInspector(size)
    let layout = app.layout
    let inspector = layout.inspectorArea ?? Rect(x: 0, y: 0, width: 0, height: 0)
    #expect(!layout.sceneArea.isEmpty, "the panels have no area at \(size)")
    #expect(inspector.width >= App.inspectorMinimumWidth)
    #expect(layout.sceneArea.width + inspector.width == size.width)
    #expect(inspector.x == layout.sceneArea.maxX)
    let grid = app.render()
    let text = grid.text
    #expect(text.contains("Inspector: 1 record"))
    // The panels are boxes keeping the layout rule, with their titles.
    #expect(LayoutRule.violations(app) == [])
    #expect(!app.currentHits().panels.isEmpty)
    #expect(text.contains("cell0"))
    // Each list row reads from its start; one cut at the edge ends with "…".
    let rows = app.currentHits().inspectorRows
    #expect(!rows.isEmpty)
    for row in rows {
      let line = LayoutRule.text(
        grid, Point(x: row.columns.lowerBound, y: row.row), row.columns.count)
      if line.last != " " { #expect(line.hasSuffix("…"), "cut without …: \(line)") }
    }
    let first = rows.first.map {
      LayoutRule.text(grid, Point(x: $0.columns.lowerBound, y: $0.row), $0.columns.count)
    }
    #expect(first?.hasPrefix("• #1 ") == true, "first row: \(first ?? "none")")
    #expect(first?.contains("cellTapped") == true, "first row: \(first ?? "none")")
  }

  @Test("I gives the inspector the whole screen and puts it back beside the panels")
  func wholeScreenAndBack() {
    let app = routerWithInspector(Size(width: 80, height: 24))
    let beside = app.layout
    #expect(!beside.sceneArea.isEmpty)
    type("I", into: app)
    let whole = app.layout
    #expect(whole.sceneArea.isEmpty)
    #expect(whole.inspectorArea == Rect(x: 0, y: 1, width: 80, height: 22))
    #expect(app.currentHits().panels.isEmpty)
    #expect(LayoutRule.violations(app) == [])
    type("I", into: app)
    #expect(app.layout.inspectorArea == beside.inspectorArea)
    #expect(app.layout.sceneArea == beside.sceneArea)
    #expect(LayoutRule.violations(app) == [])
  }

  @Test("I opens a closed inspector on the whole screen; closed and opened with i, it is beside")
  func wholeScreenFromClosed() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    type("I", into: app)
    #expect(app.layout.sceneArea.isEmpty)
    #expect(app.layout.inspectorArea?.width == 100)
    type("i", into: app)
    #expect(app.layout.inspectorArea == nil)
    type("i", into: app)
    #expect(!app.layout.sceneArea.isEmpty)
    #expect(app.layout.inspectorArea?.width == 40)
  }

  @Test("a click on a panel beside the inspector focuses it; one on a record selects it")
  func clicksBesideTheInspector() throws {
    let app = routerWithInspector(Size(width: 80, height: 24))
    type("\r", into: app)
    // The innermost focus stop other than the focused panel: a click on it lands on no other.
    let hits = app.currentHits()
    let target = try #require(
      hits.panels.last { place in
        !place.isCollapsed && place.name != app.focusedPanel?.name
          && app.scene.panel(named: place.name)?.isFocusStop == true
      }, "no other panel beside the inspector")
    click(Point(x: target.rect.x + 1, y: target.rect.y + 1), in: app)
    #expect(app.focusedPanel?.name == target.name)
    let row = try #require(app.currentHits().inspectorRows.first)
    click(Point(x: row.columns.lowerBound + 1, y: row.row), in: app)
    #expect(app.inspector.selectedID == row.id)
    #expect(app.modes.has(.inspector))
  }

  @Test("a title too long for the inspector beside the panels keeps its numbers, not its words")
  func shortTitle() {
    let app = AppTest.app(scene: "router", size: Size(width: 80, height: 24))
    type("ip\r", into: app)
    let text = AppTest.screen(app)
    #expect(text.contains("┌─ Inspector: 0, paused (1 new) ─"), "\(text)")
    type("I", into: app)
    #expect(AppTest.screen(app).contains("┌─ Inspector: 0 records, paused (1 new) ─"))
  }
}
