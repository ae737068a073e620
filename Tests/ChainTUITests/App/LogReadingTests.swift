import Testing

@testable import ChainTUI

/// Issue 16, item 1: every panel's log can be read, the ancestors' where bubbling shows too.
@Suite("Reading logs")
@MainActor
struct LogReadingTests {
  /// The router at 100x30 with focus on cell1.
  func router() -> App {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    _ = app.render()
    #expect(app.focus(panelNamed: "cell1"))
    return app
  }

  func occurrences(of text: String, in screen: String) -> Int {
    screen.components(separatedBy: text).count - 1
  }

  @Test("after three presses the first event is still in every ancestor's log")
  func ancestorsKeepTheFirstEvent() {
    let app = router()
    for key in [Key.enter, .character("l"), .character("s")] { app.press(key) }
    let screen = AppTest.screen(app)
    // table, controller and app each show it bubbling.
    #expect(occurrences(of: "bub cellTapped from cell1", in: screen) == 3, "\(screen)")
  }

  @Test("scrolling stops with the oldest line at the top of a full view")
  func scrollingStopsAtTheEnds() {
    var log = PanelLog()
    for index in 1...10 { log.append("line \(index)") }
    log.fit(height: 4)
    log.scroll(by: 100)
    #expect(log.scrollBack == 6)
    #expect(Array(log.visible(height: 4)) == ["line 1", "line 2", "line 3", "line 4"])
    #expect(log.hidden(height: 4) == (above: 0, below: 6))
    log.scroll(by: -100)
    #expect(log.scrollBack == 0)
    log.scrollToOldest()
    #expect(log.scrollBack == 6)
  }

  @Test("hidden lines show as +N above and +N below")
  func hiddenLinesCounted() {
    let app = router()
    for _ in 0..<12 { app.press(.character("l")) }
    var screen = AppTest.screen(app)
    #expect(screen.contains("above"))
    let page = max(1, (app.focusedPanel?.log.viewHeight ?? 0) - 1)
    #expect(!screen.contains("+\(page) below"))
    app.press(.pageUp)
    screen = AppTest.screen(app)
    #expect(screen.contains("+\(page) below"), "\(screen)")
  }

  @Test("z zooms the focused panel, z again the panel above, esc goes back")
  func zoom() {
    let app = router()
    app.press(.enter)
    app.press(.character("z"))
    #expect(app.zoomedPanel?.name == "cell1")
    #expect(AppTest.screen(app).contains("cell1 (zoomed: z the panel above, esc back)"))
    // The zoomed box keeps its key line in the bottom border, as every box does.
    #expect(app.render().row(28).hasPrefix("└─ enter open  l like  s share ─"))
    #expect(LayoutRule.violations(app) == [])
    app.press(.character("z"))
    #expect(app.zoomedPanel?.name == "table")
    #expect(AppTest.screen(app).contains("table (decorates params) (zoomed"))
    app.press(.escape)
    #expect(app.zoomedPanel == nil)
    #expect(AppTest.screen(app).contains("cell0"))
  }

  @Test("zoomed out past the root, the scene is back")
  func zoomPastRoot() {
    let app = router()
    for _ in 0..<5 { app.press(.character("z")) }
    #expect(app.zoomedPanel == nil)
  }

  @Test("PgUp scrolls the zoomed ancestor's log, not the focused leaf's")
  func scrollZoomedLog() {
    let app = router()
    for _ in 0..<80 { app.press(.character("l")) }
    app.press(.character("z"))
    app.press(.character("z"))
    _ = app.render()
    app.press(.pageUp)
    let page = (app.scene.panel(named: "table")?.log.viewHeight ?? 0) - 1
    #expect(page > 5)
    #expect(app.scene.panel(named: "table")?.log.scrollBack == page)
    #expect(app.scene.panel(named: "cell1")?.log.scrollBack == 0)
  }

  @Test("the mouse wheel scrolls the log under the pointer, an ancestor's too")
  func wheelScrollsAncestor() throws {
    let app = router()
    for _ in 0..<12 { app.press(.character("l")) }
    _ = app.render()
    let rect = try #require(app.currentHits().rect(of: "app"))
    // The root's log is at the bottom of its box, below its children.
    app.press(.mouseWheel(up: true, x: rect.x + 3, y: rect.maxY - 2))
    #expect(app.scene.panel(named: "app")?.log.scrollBack == 3)
    #expect(app.scene.panel(named: "cell1")?.log.scrollBack == 0)
    app.press(.mouseWheel(up: false, x: rect.x + 3, y: rect.maxY - 2))
    #expect(app.scene.panel(named: "app")?.log.scrollBack == 0)
  }

  @Test("wheel keys have names scripts and recordings use")
  func wheelNames() {
    #expect(KeyName.parse("wheelup:3,4") == .success(.mouseWheel(up: true, x: 3, y: 4)))
    #expect(KeyName.format(.mouseWheel(up: false, x: 5, y: 6)) == "wheeldown:5,6")
  }

  @Test("t stamps log lines with the time on the app's clock")
  func timestamps() throws {
    let driver = try #require(
      try ExplorerScriptTarget.make(size: Size(width: 100, height: 30), scene: "router")
        as? HeadlessDriver)
    #expect(driver.focus(panelNamed: "cell1"))
    driver.advance(by: .milliseconds(2_500))
    driver.press(.enter)
    #expect(!driver.render().text.contains("2.500s"))
    driver.press(.character("t"))
    #expect(driver.render().text.contains(" 2.500s tgt cellTapped"), "\(driver.render().text)")
    driver.press(.character("t"))
    #expect(!driver.render().text.contains("2.500s"))
  }

  @Test("a line where a listener threw stands out in red and bold")
  func errorLines() {
    let theme = Theme(colors: true)
    let style = theme.logLine("bub flood from composer: handled, error: window (bubble) flood: x")
    #expect(style.foreground == .red && style.bold)
    #expect(theme.logLine("bub like from cell1: handled").foreground != .red)
  }

  @Test("the help has a legend of log tags, markers and the inspector's marks")
  func legend() {
    let overlay = HelpOverlay(
      theme: Theme(colors: false), scene: AppTest.app(scene: "router").scene, keys: [],
      sceneCount: 6)
    let text = overlay.lines.map(\.text).joined(separator: "\n")
    for word in ["tgt cap bub", "req", "+N  ", "threw", "• └ ?", "◆ ▾ ⇄ +", "z ", "t "] {
      #expect(text.contains(word), "\(word)")
    }
  }
}
