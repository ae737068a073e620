/// The help box shown over the screen on `?`: the global keys, the focused panel's keys, and
/// how events flow in the scene on screen.
@MainActor
struct HelpOverlay {
  let theme: Theme
  let scene: any Scene
  let keys: [PanelKey]
  /// How many scenes the tabs show, for the keys that switch among them.
  let sceneCount: Int
  /// How many lines the help is scrolled down by (up/down, PgUp/PgDn while it is open).
  var scroll = 0

  /// "1-6, F1-F6" for six scenes; digits go up to 9 and function keys to F12.
  private var sceneKeys: String {
    sceneCount == 1 ? "1, F1" : "1-\(min(sceneCount, 9)), F1-F\(min(sceneCount, 12))"
  }

  /// The help's lines, before any scrolling.
  func lines() -> [StyledLine] {
    // What is particular to the screen comes first, so it shows without scrolling.
    var lines: [StyledLine] = [
      StyledLine("How events flow: \(scene.title)", style: theme.emphasis)
    ]
    for line in scene.flow { lines.append(StyledLine("  " + line)) }
    if !keys.isEmpty {
      lines.append(StyledLine("Focused panel", style: theme.emphasis))
      for key in keys { lines.append(StyledLine("  \(key.displayName.padding(12))  \(key.label)")) }
    }
    lines += [
      StyledLine("Keys everywhere", style: theme.emphasis),
      "  \(sceneKeys.padding(12)) switch scene (or click a tab)",
      "  Tab S-Tab    next / previous panel (or click one)",
      "  arrows       move focus in that direction",
      "  PgUp PgDn    scroll the focused (or zoomed) panel's log;",
      "  Home End     the mouse wheel scrolls the log under it",
      "  z            zoom the focused panel to the whole screen;",
      "               z again: the panel above; esc back",
      "  t            timestamps (app clock) on log lines",
      "  i            inspector: up/down Home/End select, / filter,",
      "               f F scope by kind, w why (per panel), p pause",
      "  n            replay the last dispatch hop by hop",
      "  [bub handled] border mark: phase (cap tgt bub req) and what",
      "               ran: handled rewrote stopped answered threw passed",
      "  ?            this help      q, Ctrl-C   quit",
      StyledLine("Legend", style: theme.emphasis),
      "  tgt cap bub  log line at the target, on the way down, up",
      "  req          a request walking up to its answer",
      "  +N above     log lines hidden above (or below): scroll",
      StyledLine("  red line     a listener or responder threw", style: Style(foreground: .red)),
      "  • └ ?        inspector: event, nested dispatch, request",
      "  ◆ ▾ ⇄ +      inspector: bus, data, binding, mount",
    ]
    return lines
  }

  /// The most the help can scroll in a grid of a height: its last line at the bottom.
  static func maximumScroll(lineCount: Int, gridHeight: Int) -> Int {
    // The box keeps a row above and below it, plus its border and the closing hint.
    max(0, lineCount - max(1, gridHeight - 5))
  }

  func draw(into grid: inout Grid) {
    var lines = self.lines()
    let offset = min(scroll, Self.maximumScroll(lineCount: lines.count, gridHeight: grid.height))
    let visible = max(1, grid.height - 5)
    let below = max(0, lines.count - offset - visible)
    lines = Array(lines.dropFirst(offset).prefix(visible))
    lines.append(
      StyledLine(
        below > 0 || offset > 0
          ? "+\(offset) above, +\(below) below: up/down scroll; other keys close"
          : "any key closes this help", style: theme.hint))
    let width = min(grid.width - 2, max(40, lines.map { DisplayWidth.of($0.text) }.max() ?? 0) + 4)
    let height = max(0, min(grid.height - 2, lines.count + 2))
    let box = Rect(
      x: (grid.width - width) / 2, y: (grid.height - height) / 2, width: width, height: height)
    grid.fill(box)
    grid.drawBox(box, title: "Help", style: theme(Style(foreground: .yellow, bold: true)))
    let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
    for (offset, line) in lines.prefix(inner.height).enumerated() {
      grid.put(
        DisplayWidth.clipped(line.text, to: inner.width),
        at: Point(x: inner.x, y: inner.y + offset), style: theme(line.style),
        maxWidth: inner.width)
    }
  }
}

extension String {
  /// The string padded with spaces to at least `width` columns.
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
  }
}
