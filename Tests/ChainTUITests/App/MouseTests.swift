import Testing

@testable import ChainTUI

/// The mouse as a terminal reports it: SGR sequences (`ESC [ < b ; x ; y M`, 1-based cells)
/// decoded by the explorer's own key decoder, then pressed into the app.
@Suite("Mouse")
@MainActor
struct MouseTests {
  /// The bytes an xterm-like terminal sends for a left click at a 0-based cell: a press (`M`),
  /// then a release (`m`).
  static func click(_ x: Int, _ y: Int) -> String {
    "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m"
  }

  /// The bytes for one notch of the wheel at a 0-based cell.
  static func wheel(up: Bool, _ x: Int, _ y: Int) -> String {
    "\u{1B}[<\(up ? 64 : 65);\(x + 1);\(y + 1)M"
  }

  /// Feeds bytes through the terminal's key decoder into the app, as its loop does.
  static func feed(_ bytes: String, to app: App) {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array(bytes.utf8)) + decoder.flush()
    keys.forEach(app.press)
  }

  /// The router at a size where every cell's key line shows `enter open  l like  s sh…`.
  static func router() -> App {
    AppTest.app(scene: "router", size: Size(width: 100, height: 30))
  }

  /// The cell of a panel's key hint for a key, read from the layout.
  static func hint(_ key: Key, of panel: String, in app: App) -> Point? {
    app.currentHits().keyHints.first { $0.panel == panel && $0.key == key && $0.row < 29 }
      .map { Point(x: $0.columns.lowerBound, y: $0.row) }
  }

  @Test("a click on a key hint in a panel's border focuses the panel and presses the key")
  func clickOnBorderHint() throws {
    let app = Self.router()
    let screen = app.render()
    // cell2's `l like`, found on screen by its text: the third box's bottom border.
    let row = try #require((0..<screen.height).first { screen.row($0).contains("└─ enter open") })
    let column = try #require(screen.row(row).column(of: "l like", from: 70))
    #expect(app.focusedPanel?.name == "cell0")
    Self.feed(Self.click(column + 2, row), to: app)
    #expect(app.focusedPanel?.name == "cell2")
    #expect(app.scene.panel(named: "cell2")?.log.lines == ["tgt likeTapped: passed"])
    #expect(app.scene.panel(named: "cell0")?.log.lines == [])
  }

  @Test("a click on a key hint in the status line presses the focused panel's key")
  func clickOnStatusHint() throws {
    let app = Self.router()
    app.press(.tab)
    let screen = app.render()
    let status = screen.row(screen.height - 1)
    let column = try #require(status.column(of: "l like"), "\(status)")
    Self.feed(Self.click(column + 1, screen.height - 1), to: app)
    #expect(app.focusedPanel?.name == "cell1")
    #expect(app.scene.panel(named: "cell1")?.log.lines == ["tgt likeTapped: passed"])
  }

  @Test("a click on a status hint goes by the line on screen, which still shows the last flash")
  func clickOnStatusHintAfterFlash() throws {
    let app = Self.router()
    Self.feed("x", to: app)
    let screen = app.render()
    let status = screen.row(screen.height - 1)
    try #require(status.contains("x: no action here  enter open  l like"), "\(status)")
    let column = try #require(status.column(of: "l like"))
    Self.feed(Self.click(column, screen.height - 1), to: app)
    #expect(app.scene.panel(named: "cell0")?.log.lines == ["tgt likeTapped: passed"])
  }

  @Test("a click on a text field's `enter type here` opens the field, so digits type")
  func clickOnFieldHint() throws {
    let app = AppTest.app(scene: "bindings", size: Size(width: 100, height: 30))
    // The field starts open; esc leaves it, and the status line offers `enter` to type again.
    Self.feed("\u{1B}", to: app)
    let screen = app.render()
    let status = screen.row(screen.height - 1)
    let column = try #require(status.column(of: "enter type here"), "\(status)")
    #expect(!app.focusedPanelTakesDigits)
    Self.feed(Self.click(column, screen.height - 1), to: app)
    #expect(app.focusedPanelTakesDigits)
  }

  @Test("a click beside the key hints presses nothing")
  func clickBesideHints() throws {
    let app = Self.router()
    let screen = app.render()
    let row = try #require((0..<screen.height).first { screen.row($0).contains("└─ enter open") })
    // The border's dashes after cell0's key line.
    Self.feed(Self.click(31, row), to: app)
    #expect(app.scene.panel(named: "cell0")?.log.lines == [])
  }

  @Test("the wheel anywhere over the inspector moves its selection, its details too")
  func wheelOverInspector() throws {
    let app = Self.router()
    Self.feed("lll", to: app)
    Self.feed("i", to: app)
    let screen = app.render()
    let details = try #require(
      (0..<screen.height).first { screen.row($0).contains("─ #3 event likeTapped") })
    // A column inside the inspector, wherever the layout puts it (beside the panels here).
    let x = try #require(app.layout.inspectorArea).x + 10
    #expect(app.currentHits().inspectorEntry(at: Point(x: x, y: details + 2)) == nil)
    Self.feed(Self.wheel(up: true, x, details + 2), to: app)
    #expect(app.render().text.contains("─ #2 event likeTapped"))
    Self.feed(Self.wheel(up: false, x, details + 2), to: app)
    #expect(app.render().text.contains("─ #3 event likeTapped"))
  }

  @Test("the wheel over a zoomed panel scrolls its log")
  func wheelOverZoomedPanel() {
    let app = Self.router()
    for _ in 0..<60 { Self.feed("l", to: app) }
    Self.feed("z", to: app)
    let before = app.render().text
    Self.feed(Self.wheel(up: true, 40, 15), to: app)
    let after = app.render().text
    #expect(before != after)
    #expect(app.zoomedPanel?.log.scrollBack == 3)
  }

  @Test(
    "every key hint the layout records is on screen where it says, in every scene",
    arguments: SceneCatalog.ids,
    [Size(width: 60, height: 18), Size(width: 80, height: 24), Size(width: 140, height: 40)])
  func hintsAreWhereDrawn(scene: String, size: Size) throws {
    let app = AppTest.app(scene: scene, size: size)
    // Tab once, so a panel with keys has focus in most scenes and the status line lists them.
    app.press(.tab)
    let screen = app.render()
    let hits = app.currentHits().keyHints
    for hit in hits {
      let keys = try #require(app.scene.panel(named: hit.panel)?.keys)
      let texts = keys.filter { $0.clickedKey == hit.key }.map { "\($0.displayName) \($0.label)" }
      let shown = String(
        screen.row(hit.row).dropFirst(hit.columns.lowerBound).prefix(hit.columns.count))
      let isHint = texts.contains { $0.hasPrefix(shown) } || shown == "enter type here"
      #expect(isHint, "\(scene) \(size): \(hit) shows '\(shown)', not one of \(texts)")
    }
    #expect(!hits.isEmpty || scene == "bus", "\(scene): no key hint recorded")
  }
}

extension String {
  /// The column where a needle starts, searching from a column (the rows tested are ASCII and
  /// box drawing, one column a character).
  fileprivate func column(of needle: String, from start: Int = 0) -> Int? {
    guard let range = self.dropFirst(start).range(of: needle) else { return nil }
    return distance(from: startIndex, to: range.lowerBound)
  }
}
