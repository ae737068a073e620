/// Draws a scene's panels into a rectangle: a box per panel, its body, its children, its log.
///
/// A panel with children gives them the middle of its box, keeping a few lines of body on top
/// and a few log lines at the bottom when there is room; a leaf shows its body, then as much of its
/// log as fits. The focused panel's title is reversed and its border bold, and every panel
/// with keys shows them in its bottom border.
@MainActor
struct PanelRenderer {
  let theme: Theme
  let focused: Panel?
  /// Every panel drawn, with its rectangle, parents before children.
  private(set) var drawn: [(rect: Rect, name: String)] = []

  init(theme: Theme, focused: Panel?) {
    self.theme = theme
    self.focused = focused
  }

  /// Draws the scene's tree, and its detached subtrees in a strip on the right.
  mutating func draw(_ scene: any Scene, in area: Rect, into grid: inout Grid) {
    let detached = scene.detached
    guard !detached.isEmpty else {
      draw(scene.root, in: area, into: &grid)
      return
    }
    let parts = Layout.split(
      area, .horizontal, [Layout.Share(weight: 3, minimum: 20), Layout.Share(weight: 2)])
    draw(scene.root, in: parts[0], into: &grid)
    let slots = Layout.split(parts[1], .vertical, detached.map { _ in Layout.Share() })
    for (panel, slot) in zip(detached, slots) { draw(panel, in: slot, into: &grid) }
  }

  /// Draws one panel and, recursively, its children.
  mutating func draw(_ panel: Panel, in rect: Rect, into grid: inout Grid) {
    guard !rect.isEmpty else { return }
    drawn.append((rect, panel.name))
    let isFocused = panel === focused
    grid.fill(rect)
    grid.drawBox(
      rect, title: panel.title, style: theme.border(accent: panel.accent, focused: isFocused),
      titleStyle: theme.title(accent: panel.accent, focused: isFocused))
    drawKeyHints(panel, in: rect, focused: isFocused, into: &grid)
    let inner = rect.inset(by: 1)
    guard !inner.isEmpty else { return }
    if panel.children.isEmpty {
      drawLeaf(panel, in: inner, into: &grid)
    } else {
      drawContainer(panel, in: inner, into: &grid)
    }
  }

  private mutating func drawContainer(_ panel: Panel, in inner: Rect, into grid: inout Grid) {
    let roomy = inner.height >= 10
    // Up to three lines of state when there is room (a tree panel's text, then what it did).
    let bodyRows = roomy ? min(panel.body.count, max(1, min(3, inner.height / 6))) : 0
    let logRows = roomy ? panel.logRows : (inner.height >= 6 ? 1 : 0)
    let parts = Layout.split(
      inner, .vertical, [.fixed(bodyRows), Layout.Share(weight: 1, minimum: 3), .fixed(logRows)])
    drawLines(panel.body, in: parts[0], into: &grid)
    let areas = Layout.split(
      parts[1], panel.axis,
      panel.children.map { child in
        child.length.map(Layout.Share.fixed) ?? Layout.Share(weight: child.weight)
      })
    for (child, area) in zip(panel.children, areas) { draw(child, in: area, into: &grid) }
    drawLog(panel.log, in: parts[2], into: &grid)
  }

  private func drawLeaf(_ panel: Panel, in inner: Rect, into grid: inout Grid) {
    // The body is the panel's state: it gets every row but one for the log.
    let bodyRows = min(panel.body.count, panel.showsLog ? max(1, inner.height - 1) : inner.height)
    let parts = Layout.split(inner, .vertical, [.fixed(bodyRows), Layout.Share()])
    drawLines(panel.body, in: parts[0], into: &grid)
    guard panel.showsLog else { return }
    var logArea = parts[1]
    if logArea.height >= 3, bodyRows > 0 {
      grid.putRun(Cell("·", style: theme.hint), at: logArea.origin, count: logArea.width)
      logArea = logArea.inset(top: 1)
    }
    drawLog(panel.log, in: logArea, into: &grid)
  }

  private func drawLines(_ lines: [StyledLine], in area: Rect, into grid: inout Grid) {
    for (offset, line) in lines.prefix(area.height).enumerated() {
      grid.put(
        line.text, at: Point(x: area.x, y: area.y + offset), style: theme(line.style),
        maxWidth: area.width)
    }
  }

  private func drawLog(_ log: PanelLog, in area: Rect, into grid: inout Grid) {
    guard !area.isEmpty else { return }
    if log.lines.isEmpty {
      grid.put(
        "(nothing reached here yet)", at: area.origin, style: theme.hint, maxWidth: area.width)
    }
    for (offset, line) in log.visible(height: area.height).enumerated() {
      grid.put(
        line, at: Point(x: area.x, y: area.y + offset), style: theme.logLine(line),
        maxWidth: area.width)
    }
    if log.scrollBack > 0 {
      let marker = " +\(log.scrollBack) "
      grid.put(
        marker, at: Point(x: area.maxX - DisplayWidth.of(marker), y: area.y),
        style: theme.emphasis)
    }
  }

  /// Puts the panel's keys in its bottom border, like " l load  r ask ".
  private func drawKeyHints(_ panel: Panel, in rect: Rect, focused: Bool, into grid: inout Grid) {
    guard !panel.keys.isEmpty, rect.height >= 3, rect.width >= 8 else { return }
    let text =
      " " + panel.keys.map { "\($0.displayName) \($0.label)" }.joined(separator: "  ") + " "
    grid.put(
      text, at: Point(x: rect.x + 2, y: rect.maxY - 1),
      style: focused ? theme.emphasis : theme.hint, maxWidth: rect.width - 4)
  }
}
