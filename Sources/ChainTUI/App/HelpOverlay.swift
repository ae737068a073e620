/// The help box shown over the screen on `?`: the global keys, the focused panel's keys, and
/// how events flow in the scene on screen.
@MainActor
struct HelpOverlay {
  let theme: Theme
  let scene: any Scene
  let keys: [PanelKey]
  /// How many scenes the tabs show, for the keys that switch among them.
  let sceneCount: Int

  /// "1-6, F1-F6" for six scenes; digits go up to 9 and function keys to F12.
  private var sceneKeys: String {
    sceneCount == 1 ? "1, F1" : "1-\(min(sceneCount, 9)), F1-F\(min(sceneCount, 12))"
  }

  func draw(into grid: inout Grid) {
    var lines: [StyledLine] = [
      StyledLine("Keys everywhere", style: theme.emphasis),
      "  \(sceneKeys.padding(12)) switch scene (or click a tab)",
      "  Tab S-Tab    next / previous panel (or click one)",
      "  arrows       move focus in that direction",
      "  PgUp PgDn    scroll the focused panel's log",
      "  i            inspector: up/down Home/End select, / filter,",
      "               f F scope by kind, w why (per panel), p pause",
      "  n            replay the last dispatch hop by hop",
      "  [bub handled] border mark: phase (cap tgt bub req) and what",
      "               ran: handled rewrote stopped answered threw passed",
      "  ?            this help      q, Ctrl-C   quit",
    ]
    if !keys.isEmpty {
      lines.append(StyledLine("Focused panel", style: theme.emphasis))
      for key in keys { lines.append(StyledLine("  \(key.displayName.padding(12))  \(key.label)")) }
    }
    lines.append(StyledLine("How events flow: \(scene.title)", style: theme.emphasis))
    for line in scene.flow { lines.append(StyledLine("  " + line)) }
    lines.append(StyledLine("any key closes this help", style: theme.hint))
    let width = min(grid.width - 2, max(40, lines.map { DisplayWidth.of($0.text) }.max() ?? 0) + 4)
    let height = min(grid.height - 2, lines.count + 2)
    let box = Rect(
      x: (grid.width - width) / 2, y: (grid.height - height) / 2, width: width, height: height)
    grid.fill(box)
    grid.drawBox(box, title: "Help", style: theme(Style(foreground: .yellow, bold: true)))
    let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
    for (offset, line) in lines.prefix(inner.height).enumerated() {
      grid.put(
        line.text, at: Point(x: inner.x, y: inner.y + offset), style: theme(line.style),
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
