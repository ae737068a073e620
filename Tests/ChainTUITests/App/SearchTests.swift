import Testing

@testable import ChainTUI

/// Issue 33, item 2: `/` searches the log on screen (the focused panel's, or the zoomed one's),
/// highlights the matches, steps through them with `.` and `,`, and counts them in the status
/// line; the inspector's `/` stays its filter.
@Suite("Search in a log")
@MainActor
struct SearchTests {
  /// Router at 80x24 driven by a terminal's bytes, with cell0 liked, shared and opened, so its
  /// log (and its ancestors') holds lines of several kinds.
  private func router() -> (App, HeadlessDriver) {
    let app = AppTest.app(scene: "router")
    let driver = HeadlessDriver(app: app)
    driver.feed(bytes: Array("lsl".utf8) + [0x0D])
    return (app, driver)
  }

  /// The occurrences of `query` in `lines`, counted without ``LogSearch``.
  private func count(_ query: String, in lines: [String]) -> Int {
    let wanted = Array(query.lowercased())
    return lines.reduce(0) { total, line in
      let characters = Array(line.lowercased())
      var found = 0
      var index = 0
      while index + wanted.count <= characters.count {
        if Array(characters[index..<(index + wanted.count)]) == wanted {
          found += 1
          index += wanted.count
        } else {
          index += 1
        }
      }
      return total + found
    }
  }

  private func status(_ app: App) -> String { app.render().row(app.size.height - 1) }

  /// The cells of the screen drawn in a match's style, as (x, y).
  private func highlighted(_ app: App, current: Bool) -> [Point] {
    let grid = app.render()
    let style = current ? Theme(colors: false).currentMatch : Theme(colors: false).match
    var points: [Point] = []
    for y in 0..<grid.height {
      for x in 0..<grid.width where grid.cell(at: Point(x: x, y: y))?.style == style {
        points.append(Point(x: x, y: y))
      }
    }
    return points
  }

  @Test("/ in a focused log: typing counts, enter keeps, . and , step and wrap, esc ends")
  func focusedLog() throws {
    let (app, driver) = router()
    let lines = try #require(app.log(ofPanel: "cell0"))
    let query = "tgt"
    let total = count(query, in: lines)
    try #require(total >= 3, "cell0's log: \(lines)")
    driver.feed(bytes: Array("/".utf8))
    #expect(app.modes.top == .search(panel: "cell0", query: "", typing: true, match: 0))
    driver.feed(bytes: Array(query.utf8))
    #expect(status(app).contains("cell0  |  /\(query)_  (\(total) matches)"), "\(status(app))")
    #expect(status(app).contains("enter keep  esc end"), "\(status(app))")
    driver.feed(bytes: [0x0D])
    #expect(status(app).contains("match \(total) of \(total): \(query)"), "\(status(app))")
    #expect(status(app).contains(". next , prev  esc end"), "\(status(app))")
    #expect(app.modeReminders.first == " . next match  , previous  / edit  esc end search ")
    driver.feed(bytes: Array(",".utf8))
    #expect(status(app).contains("match \(total - 1) of \(total)"), "\(status(app))")
    driver.feed(bytes: Array("..".utf8))
    #expect(status(app).contains("match 1 of \(total): tgt, round to the oldest"), "\(status(app))")
    #expect(app.searchState?.current == 0)
    driver.feed(bytes: Array(",".utf8))
    #expect(app.searchState?.current == total - 1)
    driver.feed(bytes: [0x1B])
    #expect(app.modes.stack == [.browse])
    #expect(highlighted(app, current: false).isEmpty && highlighted(app, current: true).isEmpty)
  }

  @Test("matches on screen are highlighted, the current one apart; the rest of the line is not")
  func highlights() throws {
    let (app, driver) = router()
    driver.feed(bytes: Array("/tgt".utf8) + [0x0D])
    let current = highlighted(app, current: true)
    #expect(current.count == 3, "\(current)")
    let others = highlighted(app, current: false)
    #expect(others.count % 3 == 0 && !others.isEmpty, "\(others)")
    let grid = app.render()
    let text = current.compactMap { grid.cell(at: $0)?.character }
    #expect(String(text).lowercased() == "tgt")
    // After stepping, another match is current and the one before is a plain match again.
    driver.feed(bytes: Array(",".utf8))
    let moved = highlighted(app, current: true)
    #expect(moved.count == 3 && moved != current, "\(moved)")
    #expect(LayoutRule.violations(app) == [])
  }

  @Test("a query with no match says so; . and , say there is nothing to step to")
  func noMatch() {
    let (app, driver) = router()
    driver.feed(bytes: Array("/qqzx".utf8))
    #expect(status(app).contains("/qqzx_  (no match)"), "\(status(app))")
    driver.feed(bytes: [0x0D])
    #expect(status(app).contains("no match of qqzx"), "\(status(app))")
    driver.feed(bytes: Array(".".utf8))
    #expect(status(app).contains(".: no match of qqzx"), "\(status(app))")
    #expect(highlighted(app, current: false).isEmpty)
    // An empty query kept is no search.
    driver.feed(bytes: Array("/".utf8) + [0x7F, 0x7F, 0x7F, 0x7F, 0x0D])
    #expect(app.modes.stack == [.browse])
  }

  @Test("in a zoom, / searches the zoomed log and a match out of view scrolls into it")
  func zoomedLog() throws {
    let app = AppTest.app(scene: "router", size: Size(width: 80, height: 18))
    let driver = HeadlessDriver(app: app)
    driver.feed(bytes: Array(String(repeating: "l", count: 12).utf8) + Array("s".utf8))
    driver.feed(bytes: Array("zz".utf8))
    let zoomed = try #require(app.zoomedPanel)
    #expect(zoomed.name == "table")
    driver.feed(bytes: Array("/like".utf8) + [0x0D])
    let state = try #require(app.searchState)
    #expect(state.panel === zoomed)
    try #require(state.matches.count > 3, "\(zoomed.log.lines)")
    // The oldest match is far above a 18-row screen's view; stepping there scrolls to it.
    driver.feed(bytes: Array(".".utf8))
    #expect(app.searchState?.current == 0)
    let line = state.matches[0].line
    _ = app.render()
    #expect(zoomed.log.visibleRange(height: zoomed.log.viewHeight).contains(line))
    #expect(!highlighted(app, current: true).isEmpty)
    // The panel above is another log: its zoom ends the search.
    driver.feed(bytes: Array("z".utf8))
    #expect(app.searchState == nil && !app.modes.has(.search))
  }

  @Test("with the inspector open, / is its filter, not a search")
  func inspectorKeepsItsFilter() {
    let (app, driver) = router()
    driver.feed(bytes: Array("i/".utf8))
    #expect(app.modes.top == .filter(typing: true))
    #expect(!app.modes.has(.search))
  }

  @Test("a focus change or a scene switch ends a search; / again edits the query kept")
  func endings() {
    let (app, driver) = router()
    driver.feed(bytes: Array("/tgt".utf8) + [0x0D])
    let kept = app.searchState?.current ?? -1
    driver.feed(bytes: Array("/".utf8))
    #expect(app.modes.top == .search(panel: "cell0", query: "tgt", typing: true, match: kept))
    driver.feed(bytes: [0x0D, 0x09])
    #expect(!app.modes.has(.search))
    driver.feed(bytes: Array("/tgt".utf8) + [0x0D])
    driver.feed(bytes: Array("\u{1B}OP".utf8))
    #expect(app.scene.id == "domino")
    #expect(!app.modes.has(.search))
  }

  @Test("the transition function: a search ends on a focus change and on another zoom")
  func transitions() {
    var modes = ExplorerModes()
    modes.apply(.open(.zoom(panel: "a")))
    modes.apply(.open(.search(panel: "a", query: "x", typing: false, match: 0)))
    #expect(modes.stack.count == 3)
    modes.apply(.open(.zoom(panel: "a")))
    #expect(modes.has(.search))
    modes.apply(.open(.zoom(panel: "b")))
    #expect(modes.stack == [.browse, .zoom(panel: "b")])
    modes.apply(.open(.search(panel: "b", query: "", typing: true, match: 0)))
    modes.apply(.focusMoved(field: false))
    #expect(modes.stack == [.browse, .zoom(panel: "b")])
    modes.apply(.open(.palette(query: "", selection: 0)))
    #expect(modes.top.kind == .palette)
    modes.apply(.escape)
    #expect(modes.stack == [.browse, .zoom(panel: "b")])
  }
}
