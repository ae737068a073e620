import Testing

@testable import ChainTUI

/// Issue 35, item 5: the smaller rough edges seen at a real terminal, each fixed or said.
@Suite("Smaller rough edges")
@MainActor
struct SmallerItemsTests {
  @Test(
    "Event chain: up from detail stays (nothing above takes focus), never swaps with statsManager",
    arguments: [Size(width: 80, height: 24), Size(width: 140, height: 40)])
  func upFromDetail(size: Size) {
    let app = AppTest.app(scene: "domino", size: size)
    #expect(app.focus(panelNamed: "detail"))
    var seen: [String] = []
    for _ in 0..<4 {
      app.press(.up)
      seen.append(app.focusedPanel?.name ?? "-")
    }
    #expect(seen == ["detail", "detail", "detail", "detail"], "\(seen)")
    #expect(app.render().row(size.height - 1).contains("up: no panel that way"))
    #expect(app.focus(panelNamed: "statsManager"))
    app.press(.up)
    #expect(app.focusedPanel?.name == "detail")
  }

  @Test(
    "Event chain: right from feed lands on detail, the panel beside it, not inside it",
    arguments: [Size(width: 80, height: 24), Size(width: 140, height: 40)])
  func rightFromFeed(size: Size) {
    let app = AppTest.app(scene: "domino", size: size)
    #expect(app.focus(panelNamed: "feed"))
    app.press(.right)
    #expect(app.focusedPanel?.name == "detail")
    app.press(.down)
    #expect(app.focusedPanel?.name == "statsManager")
  }

  @Test("Model tree at 60x18: a body cut below its last row shows … there, so a like is not unseen")
  func cutBodyIsMarked() {
    let app = AppTest.app(scene: "model", size: Size(width: 60, height: 18))
    #expect(app.focus(panelNamed: "actions1"))
    let screen = AppTest.screen(app)
    let rows = screen.split(separator: "\n").map(String.init)
    // The photo's own cells on the caption's row, up to its border.
    let caption = rows.lazy.compactMap { row in
      row.range(of: "[ sunset").map { String(row[$0.lowerBound...].prefix { $0 != "│" }) }
    }.first
    // Either the line with the likes is in view, or the row above it says something is cut.
    #expect(
      screen.contains("like · 11") || caption?.contains("…") == true, "\(screen)")
  }

  @Test("zoom says how many log lines are kept and how many were dropped")
  func zoomSaysWhatWasDropped() {
    let app = AppTest.app(scene: "router")
    let panel = app.focusedPanel
    for index in 0..<700 { panel?.note("line \(index)") }
    app.press(.character("z"))
    let status = app.render().row(23)
    #expect(status.contains("200 kept, 500 dropped"), "\(status)")
  }

  @Test("the Bindings field says it is full at 7 digits, and the word goes on the next key")
  func fullFieldSaysSo() {
    let app = AppTest.app(scene: "bindings")
    for digit in "12345678" { app.press(.character(digit)) }
    #expect(app.render().row(23).contains("field full (7 digits)"))
    app.press(.backspace)
    #expect(!app.render().row(23).contains("field full"))
  }

  @Test("PgUp and PgDn move a page of the log (its visible rows less one), not five lines")
  func pageKeysMoveAPage() throws {
    let app = AppTest.app(scene: "router")
    let panel = try #require(app.focusedPanel)
    for index in 0..<100 { panel.note("line \(index)") }
    app.press(.character("z"))
    _ = app.render()
    let page = panel.log.viewHeight - 1
    #expect(page > 5)
    app.press(.pageUp)
    #expect(panel.log.scrollBack == page)
    app.press(.pageUp)
    app.press(.pageDown)
    #expect(panel.log.scrollBack == page)
  }

  @Test("the inspector's filter line shows the end of a long filter, where the cursor is")
  func longFilterShowsItsEnd() {
    let app = AppTest.app(scene: "router")
    app.press(.character("i"))
    app.press(.character("/"))
    let typed = String(repeating: "abcdefghij", count: 9) + "XYZ"
    for character in typed { app.press(.character(character)) }
    let screen = AppTest.screen(app)
    #expect(screen.contains("XYZ_"), "\(screen)")
    #expect(screen.contains("/…"))
  }

  @Test("Tab stops where the arrows do: the Model tree's photo, a panel without keys")
  func tabAndArrowsAgree() {
    let app = AppTest.app(scene: "model")
    let stops = Set(app.focusStops.map(\.name))
    var reached: Set<String> = []
    for _ in 0..<(stops.count + 1) {
      reached.insert(app.focusedPanel?.name ?? "-")
      app.press(.tab)
    }
    #expect(reached == stops)
    #expect(reached.contains("photo1"))
  }

  @Test("a key that does nothing says so in the status line until the next key")
  func idleKeyFlashes() {
    let app = AppTest.app(scene: "router")
    app.press(.character("n"))
    #expect(app.render().row(23).contains("n: nothing to replay"))
    app.press(.character("x"))
    #expect(app.render().row(23).contains("x: no action here"))
    #expect(app.render().row(23).contains("cell0"))
    app.press(.tab)
    #expect(!app.render().row(23).contains("no action"))
  }
}
