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
  /// Whether each log line starts with the app-clock time it was noted at.
  let showsTimestamps: Bool
  /// Every panel drawn, with its rectangle, parents before children.
  private(set) var drawn: [(rect: Rect, name: String)] = []

  init(theme: Theme, focused: Panel?, showsTimestamps: Bool = false) {
    self.theme = theme
    self.focused = focused
    self.showsTimestamps = showsTimestamps
  }

  /// Draws one panel alone in the whole area, its body then its whole log, and no children:
  /// the zoom that lets any panel's log, an ancestor's too, be read and scrolled in full.
  mutating func drawZoomed(_ panel: Panel, in rect: Rect, into grid: inout Grid) {
    guard !rect.isEmpty else { return }
    drawn.append((rect, panel.name))
    grid.fill(rect)
    let title = "\(panel.title) (zoomed: z the panel above, esc back)"
    grid.drawBox(
      rect, title: title, style: theme.border(accent: panel.accent, focused: true),
      titleStyle: theme.title(accent: panel.accent, focused: true))
    let inner = rect.inset(by: 1)
    guard !inner.isEmpty else { return }
    let bodyRows = min(panel.body.count, inner.height / 2)
    let parts = Layout.split(inner, .vertical, [.fixed(bodyRows), Layout.Share()])
    drawLines(panel.body, in: parts[0], into: &grid)
    var logArea = parts[1]
    if logArea.height >= 3, bodyRows > 0 {
      grid.putRun(Cell("·", style: theme.hint), at: logArea.origin, count: logArea.width)
      logArea = logArea.inset(top: 1)
    }
    drawLog(panel, in: logArea, into: &grid)
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
    // An ancestor's log is where bubbling shows: when there is room it grows with its lines,
    // up to a third of the box, and its children keep the rest.
    let grown = panel.logRows > 0 ? min(panel.log.lines.count, inner.height / 3) : 0
    let logRows = roomy ? max(panel.logRows, grown) : (inner.height >= 6 ? 1 : 0)
    let parts = Layout.split(
      inner, .vertical, [.fixed(bodyRows), Layout.Share(weight: 1, minimum: 3), .fixed(logRows)])
    drawLines(panel.body, in: parts[0], into: &grid)
    let areas = Layout.split(
      parts[1], panel.axis,
      panel.children.map { child in
        child.length.map(Layout.Share.fixed) ?? Layout.Share(weight: child.weight)
      })
    for (child, area) in zip(panel.children, areas) { draw(child, in: area, into: &grid) }
    drawLog(panel, in: parts[2], into: &grid)
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
    drawLog(panel, in: logArea, into: &grid)
  }

  private func drawLines(_ lines: [StyledLine], in area: Rect, into grid: inout Grid) {
    for (offset, line) in lines.prefix(area.height).enumerated() {
      // A cut line ends with "…", so nobody takes a clipped value for the whole one.
      grid.put(
        DisplayWidth.clipped(line.text, to: area.width), at: Point(x: area.x, y: area.y + offset),
        style: theme(line.style), maxWidth: area.width)
    }
  }

  /// Draws the visible part of a panel's log and notes its height, so scrolling stops at the
  /// ends; hidden lines show as "+N above" on the top row and "+N below" on the bottom row.
  private func drawLog(_ panel: Panel, in area: Rect, into grid: inout Grid) {
    guard !area.isEmpty else { return }
    panel.log.fit(height: area.height)
    let log = panel.log
    if log.lines.isEmpty {
      grid.put(
        "(nothing reached here yet)", at: area.origin, style: theme.hint, maxWidth: area.width)
    }
    let range = log.visibleRange(height: area.height)
    for (offset, index) in range.enumerated() {
      let line = log.lines[index]
      var x = area.x
      let y = area.y + offset
      if showsTimestamps {
        x = grid.put(
          Self.stamp(log.times[index]) + " ", at: Point(x: x, y: y), style: theme.hint,
          maxWidth: area.maxX - x)
      }
      grid.put(
        DisplayWidth.clipped(line, to: area.maxX - x), at: Point(x: x, y: y),
        style: theme.logLine(line), maxWidth: area.maxX - x)
    }
    let hidden = log.hidden(height: area.height)
    var markers: [(text: String, y: Int)] = []
    if hidden.above > 0 { markers.append((" +\(hidden.above) above ", area.y)) }
    if hidden.below > 0 {
      // One row: the row is shared, so the counts go side by side.
      if area.height == 1, let above = markers.first {
        markers[0].text = above.text + "+\(hidden.below) below "
      } else {
        markers.append((" +\(hidden.below) below ", area.maxY - 1))
      }
    }
    for marker in markers {
      let width = min(area.width, DisplayWidth.of(marker.text))
      grid.put(
        marker.text, at: Point(x: area.maxX - width, y: marker.y), style: theme.emphasis,
        maxWidth: width)
    }
  }

  /// A log line's time on the app's clock, as seconds with milliseconds ("12.345s"); "-" for a
  /// line noted without a clock.
  static func stamp(_ time: Duration?) -> String {
    guard let time else { return "      -" }
    let milliseconds = max(0, Int(time / .milliseconds(1)))
    let fraction = String(milliseconds % 1000)
    let seconds = String(milliseconds / 1000)
    return String(repeating: " ", count: max(0, 2 - seconds.count)) + seconds + "."
      + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
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
