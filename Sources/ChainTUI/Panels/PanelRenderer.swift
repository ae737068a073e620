/// Draws a scene's panels into a rectangle: a box per panel, its body, its children, its log.
///
/// It enforces the layout rule of <doc:UsingTheExplorer>: every panel is either an open box
/// (unbroken border, title on top, key line at the bottom, at least one row inside) or one marked
/// row that says how to open it; logs only get the rows left once every panel has its box
/// (``RowPlan``), and a log that hides lines says how many. The focused panel's branch is
/// collapsed last, so the focused box is always open when the screen can hold it.
@MainActor
struct PanelRenderer {
  let theme: Theme
  let focused: Panel?
  /// Whether each log line starts with the app-clock time it was noted at.
  let showsTimestamps: Bool
  /// Every panel placed, parents before children: open boxes and collapsed rows.
  private(set) var placed: [PanelPlace] = []
  /// The focused panel and its ancestors, which are collapsed last.
  private let focusPath: Set<ObjectIdentifier>
  /// The search whose matches are highlighted in one panel's log, with its current match.
  var search: (panel: ObjectIdentifier, search: LogSearch, current: LogSearch.Match?)?
  /// Each panel's needs, measured once per frame by ``PanelNeeds/measure(_:)``.
  private var needs: [ObjectIdentifier: PanelNeeds] = [:]

  init(theme: Theme, focused: Panel?, showsTimestamps: Bool = false) {
    self.theme = theme
    self.focused = focused
    self.showsTimestamps = showsTimestamps
    var path: Set<ObjectIdentifier> = []
    var panel = focused
    while let current = panel {
      path.insert(ObjectIdentifier(current))
      panel = current.parent
    }
    focusPath = path
  }

  /// Draws one panel alone in the whole area, its body then its whole log, and no children:
  /// the zoom that lets any panel's log, an ancestor's too, be read and scrolled in full.
  mutating func drawZoomed(_ panel: Panel, in rect: Rect, into grid: inout Grid) {
    guard !rect.isEmpty else { return }
    grid.fill(rect)
    let title = DisplayWidth.clipped(
      "\(panel.title) (zoomed: z the panel above, esc back)", to: rect.width - 6)
    grid.drawBox(
      rect, title: title, style: theme.border(accent: panel.accent, focused: true),
      titleStyle: theme.title(accent: panel.accent, focused: true))
    // Zoomed or not, a panel's box keeps its key line in the bottom border (the layout rule).
    drawKeyHints(panel, in: rect, width: rect.width - 4, focused: true, into: &grid)
    let inner = rect.inset(by: 1)
    var place = PanelPlace(rect: rect, name: panel.name, title: title)
    defer { placed.append(place) }
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
    place.logRows = logArea.height
  }

  /// Draws the scene's tree, and its detached subtrees stacked in a strip on the right.
  mutating func draw(_ scene: any Scene, in area: Rect, into grid: inout Grid) {
    guard !area.isEmpty else { return }
    let detached = scene.detached
    for top in [scene.root] + detached {
      needs.merge(PanelNeeds.measure(top)) { first, _ in first }
    }
    guard !detached.isEmpty else {
      drawOpen(scene.root, in: area, into: &grid)
      return
    }
    let parts = Layout.split(
      area, .horizontal, [Layout.Share(weight: 3, minimum: 20), Layout.Share(weight: 2)])
    drawOpen(scene.root, in: parts[0], into: &grid)
    _ = drawStack(detached, in: parts[1], bodyWant: 0, logWant: 0, into: &grid)
  }

  /// Draws one panel as an open box and, inside it, its children; a rectangle too small for a
  /// box gets the collapsed row instead.
  private mutating func drawOpen(_ panel: Panel, in rect: Rect, into grid: inout Grid) {
    guard !rect.isEmpty else { return }
    guard rect.height >= PanelNeeds.leastRows, rect.width >= 4 else {
      drawCollapsed(
        panel, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), into: &grid)
      return
    }
    let isFocused = panel === focused
    grid.fill(rect)
    let title = DisplayWidth.clipped(panel.title, to: rect.width - 6)
    grid.drawBox(
      rect, title: title, style: theme.border(accent: panel.accent, focused: isFocused),
      titleStyle: theme.title(accent: panel.accent, focused: isFocused))
    let index = placed.count
    placed.append(PanelPlace(rect: rect, name: panel.name, title: title))
    let inner = rect.inset(by: 1)
    let logRows =
      panel.children.isEmpty
      ? drawLeaf(panel, in: inner, into: &grid) : drawContainer(panel, in: inner, into: &grid)
    placed[index].logRows = logRows
    // A log left without a row still says what it hides, in the bottom border.
    let hiddenCount = logRows == 0 ? panel.log.lines.count : 0
    let marker = hiddenCount > 0 ? Self.borderMarker(hiddenCount, width: rect.width - 6) : ""
    let markerWidth = DisplayWidth.of(marker)
    drawKeyHints(
      panel, in: rect, width: rect.width - 4 - markerWidth, focused: isFocused, into: &grid)
    if markerWidth > 0 {
      grid.put(
        marker, at: Point(x: rect.maxX - 1 - markerWidth, y: rect.maxY - 1),
        style: theme.emphasis, maxWidth: markerWidth)
    }
  }

  /// The count of log lines a panel with no log row hides, as it fits in its bottom border.
  static func borderMarker(_ count: Int, width: Int) -> String {
    [" +\(count) log ", "+\(count)"].first { DisplayWidth.of($0) * 2 <= width }
      ?? (DisplayWidth.of("+\(count)") <= width ? "+\(count)" : "")
  }

  /// Shares a container's inside between its body, its children and its log (``RowPlan``).
  ///
  /// Children sit side by side only when their boxes fit across; otherwise they stack.
  private mutating func drawContainer(_ panel: Panel, in inner: Rect, into grid: inout Grid)
    -> Int
  {
    let bodyWant = min(panel.body.count, 3)
    // An ancestor's log is where bubbling shows: it grows with its lines up to a third of the
    // box, but only into rows no child needs.
    let logWant =
      panel.logRows > 0 ? max(panel.logRows, min(panel.log.lines.count, inner.height / 3)) : 0
    let parts = panel.children.map { needs[ObjectIdentifier($0)] ?? Self.unmeasured }
    let across = parts.reduce(0) { $0 + $1.columns }
    guard panel.axis == .horizontal, inner.height >= PanelNeeds.leastRows, across <= inner.width
    else {
      return drawStack(
        panel.children, in: inner, bodyWant: bodyWant, logWant: logWant, into: &grid,
        body: panel.body, log: panel)
    }
    let block = RowPlan.Part(
      need: parts.map(\.rows).max() ?? 1, floor: PanelNeeds.leastRows,
      comfort: parts.map(\.comfort).max() ?? 1)
    let plan = RowPlan.plan(
      rows: inner.height, parts: [block], bodyWant: bodyWant, logWant: logWant)
    let rows = Layout.split(
      inner, .vertical, [.fixed(plan.body), .fixed(plan.sizes[0]), .fixed(plan.log)])
    drawLines(panel.body, in: rows[0], into: &grid)
    let columns = Layout.split(
      rows[1], .horizontal,
      zip(panel.children, parts).map { child, need in
        child.length.map { Layout.Share(weight: 0, minimum: max($0, need.columns)) }
          ?? Layout.Share(weight: child.weight, minimum: need.columns)
      })
    for (child, area) in zip(panel.children, columns) { drawOpen(child, in: area, into: &grid) }
    drawLog(panel, in: rows[2], into: &grid)
    return plan.log
  }

  /// Stacks panels top to bottom in an area, open or collapsed by ``RowPlan``, with an
  /// optional body above and log below; returns the log's rows.
  private mutating func drawStack(
    _ children: [Panel], in area: Rect, bodyWant: Int, logWant: Int, into grid: inout Grid,
    body: [StyledLine] = [], log owner: Panel? = nil
  ) -> Int {
    // Too narrow for a box: every child is a collapsed row.
    let narrow = area.width < PanelNeeds.leastColumns
    let parts = children.map { child in
      let need = needs[ObjectIdentifier(child)] ?? Self.unmeasured
      return narrow
        ? RowPlan.Part(need: 1, floor: 1, comfort: 1, weight: 0)
        : RowPlan.Part(
          need: need.rows, floor: need.floor, comfort: need.comfort, weight: child.weight,
          length: child.length, pinned: focusPath.contains(ObjectIdentifier(child)))
    }
    var plan = RowPlan.plan(rows: area.height, parts: parts, bodyWant: bodyWant, logWant: logWant)
    if narrow { plan.collapsed = plan.sizes.map { $0 > 0 } }
    var y = area.y
    func take(_ rows: Int) -> Rect {
      defer { y += rows }
      return Rect(x: area.x, y: y, width: area.width, height: rows)
    }
    drawLines(body, in: take(plan.body), into: &grid)
    for (index, child) in children.enumerated() where plan.sizes[index] > 0 {
      let rect = take(plan.sizes[index])
      if plan.collapsed[index] {
        drawCollapsed(child, in: rect, into: &grid)
      } else {
        drawOpen(child, in: rect, into: &grid)
      }
    }
    if plan.folded > 0 {
      drawFolded(Array(children.suffix(plan.folded)), in: take(1), into: &grid)
    }
    if let owner { drawLog(owner, in: take(plan.log), into: &grid) }
    return plan.log
  }

  private static let unmeasured = PanelNeeds(
    rows: PanelNeeds.leastRows, floor: PanelNeeds.leastRows, comfort: PanelNeeds.leastRows,
    columns: PanelNeeds.leastColumns, count: 1)

  /// One row standing for a panel and everything in it: `▸ title`, what it holds, and how to
  /// open it (focus it, or a panel inside it, and the layout opens its branch first).
  private mutating func drawCollapsed(_ panel: Panel, in row: Rect, into grid: inout Grid) {
    guard !row.isEmpty else { return }
    let inside = (needs[ObjectIdentifier(panel)]?.count ?? 1) - 1
    var text = "▸ \(panel.title)"
    if inside > 0 { text += " +\(inside) panel\(inside == 1 ? "" : "s")" }
    if !panel.log.lines.isEmpty { text += " · \(panel.log.lines.count) log" }
    text += " · focus to open"
    let shown = DisplayWidth.clipped(text, to: row.width)
    let style = panel === focused ? theme.title(accent: panel.accent, focused: true) : theme.hint
    grid.fill(row)
    grid.put(shown, at: row.origin, style: style, maxWidth: row.width)
    placed.append(PanelPlace(rect: row, name: panel.name, title: shown, isCollapsed: true))
  }

  /// One row standing for the last panels of a stack that did not get a row each.
  private mutating func drawFolded(_ panels: [Panel], in row: Rect, into grid: inout Grid) {
    guard !row.isEmpty else { return }
    let names = panels.prefix(3).map(\.title).joined(separator: ", ")
    let text = DisplayWidth.clipped(
      "▸ +\(panels.count) more: \(names)\(panels.count > 3 ? ", …" : "") · focus to open",
      to: row.width)
    grid.fill(row)
    grid.put(text, at: row.origin, style: theme.hint, maxWidth: row.width)
    for panel in panels {
      placed.append(PanelPlace(rect: row, name: panel.name, title: text, isCollapsed: true))
    }
  }

  /// A leaf's body, then its log in the rows left (the body keeps one row free for the log when
  /// there are two); returns the log's rows, `nil` for a leaf without a log.
  private func drawLeaf(_ panel: Panel, in inner: Rect, into grid: inout Grid) -> Int? {
    let bodyRows = min(panel.body.count, panel.showsLog ? max(1, inner.height - 1) : inner.height)
    let parts = Layout.split(inner, .vertical, [.fixed(bodyRows), Layout.Share()])
    drawLines(panel.body, in: parts[0], into: &grid)
    guard panel.showsLog else { return nil }
    var logArea = parts[1]
    if logArea.height >= 3, bodyRows > 0 {
      grid.putRun(Cell("·", style: theme.hint), at: logArea.origin, count: logArea.width)
      logArea = logArea.inset(top: 1)
    }
    drawLog(panel, in: logArea, into: &grid)
    return logArea.height
  }

  private func drawLines(_ lines: [StyledLine], in area: Rect, into grid: inout Grid) {
    for (offset, line) in lines.prefix(area.height).enumerated() {
      // A cut line ends with "…", so nobody takes a clipped value for the whole one; so does
      // the last row shown of lines cut below it, or a change there would go unseen.
      let isCutBelow = offset == area.height - 1 && lines.count > area.height
      grid.put(
        DisplayWidth.clipped(isCutBelow ? line.text + " …" : line.text, to: area.width),
        at: Point(x: area.x, y: area.y + offset), style: theme(line.style), maxWidth: area.width)
    }
  }

  /// Puts the panel's keys in its bottom border, like " l load  r ask ", cut with "…".
  private func drawKeyHints(
    _ panel: Panel, in rect: Rect, width: Int, focused: Bool, into grid: inout Grid
  ) {
    guard !panel.keys.isEmpty, width >= 3 else { return }
    let keys = panel.keys.map { "\($0.displayName) \($0.label)" }.joined(separator: "  ")
    // In three columns the trailing blank goes first, so a key still shows (" l…", not " … ").
    let line =
      width >= 4
      ? " " + DisplayWidth.clipped(keys, to: width - 2) + " "
      : " " + DisplayWidth.clipped(keys, to: width - 1)
    grid.put(
      line,
      at: Point(x: rect.x + 2, y: rect.maxY - 1),
      style: focused ? theme.emphasis : theme.hint, maxWidth: width)
  }
}
