/// Lays a scene's panels out in a rectangle (a ``PanelLayout``), drawing nothing.
///
/// It enforces the layout rule of <doc:UsingTheExplorer>: every panel is either an open box
/// (unbroken border, title on top, key line at the bottom, at least one row inside) or one marked
/// row that says how to open it; logs only get the rows left once every panel has its box
/// (``RowPlan``). The focused panel's branch is collapsed last, so the focused box is always
/// open when the screen can hold it.
@MainActor
struct PanelLayoutBuilder {
  let focused: Panel?
  /// The focused panel and its ancestors, which are collapsed last.
  private let focusPath: Set<ObjectIdentifier>
  /// Each panel's needs, measured once per layout by ``PanelNeeds/measure(_:)``.
  private var needs: [ObjectIdentifier: PanelNeeds] = [:]
  /// The layout made so far.
  private(set) var layout = PanelLayout()

  init(focused: Panel?) {
    self.focused = focused
    var path: Set<ObjectIdentifier> = []
    var panel = focused
    while let current = panel {
      path.insert(ObjectIdentifier(current))
      panel = current.parent
    }
    focusPath = path
  }

  /// One panel alone in the whole area, its body then its whole log, and no children: the zoom
  /// that lets any panel's log, an ancestor's too, be read and scrolled in full.
  mutating func placeZoomed(_ panel: Panel, in rect: Rect) {
    guard !rect.isEmpty else { return }
    let title = DisplayWidth.clipped(
      "\(panel.title) (zoomed: z the panel above, esc back)", to: rect.width - 6)
    let index = layout.places.count
    layout.places.append(
      PanelPlace(rect: rect, name: panel.name, title: title, keyHints: Self.keyHints(panel, rect)))
    layout.pieces.append(.zoomedBox(panel, place: index))
    let inner = rect.inset(by: 1)
    guard !inner.isEmpty else { return }
    let bodyRows = min(panel.body.count, inner.height / 2)
    let parts = Layout.split(inner, .vertical, [.fixed(bodyRows), Layout.Share()])
    layout.pieces.append(.body(panel, parts[0]))
    var logArea = parts[1]
    if logArea.height >= 3, bodyRows > 0 {
      layout.pieces.append(.dots(Rect(x: logArea.x, y: logArea.y, width: logArea.width, height: 1)))
      logArea = logArea.inset(top: 1)
    }
    layout.pieces.append(.log(panel, logArea))
    layout.places[index].logRows = logArea.height
  }

  /// The scene's tree, and its detached subtrees stacked in a strip on the right.
  mutating func place(_ scene: any Scene, in area: Rect) {
    guard !area.isEmpty else { return }
    let detached = scene.detached
    for top in [scene.root] + detached {
      needs.merge(PanelNeeds.measure(top)) { first, _ in first }
    }
    guard !detached.isEmpty else {
      placeOpen(scene.root, in: area)
      return
    }
    let parts = Layout.split(
      area, .horizontal, [Layout.Share(weight: 3, minimum: 20), Layout.Share(weight: 2)])
    placeOpen(scene.root, in: parts[0])
    _ = placeStack(detached, in: parts[1], bodyWant: 0, logWant: 0)
  }

  /// One panel as an open box and, inside it, its children; a rectangle too small for a box
  /// gets the collapsed row instead.
  private mutating func placeOpen(_ panel: Panel, in rect: Rect) {
    guard !rect.isEmpty else { return }
    guard rect.height >= PanelNeeds.leastRows, rect.width >= 4 else {
      placeCollapsed(panel, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1))
      return
    }
    let title = DisplayWidth.clipped(panel.title, to: rect.width - 6)
    let index = layout.places.count
    layout.places.append(
      PanelPlace(rect: rect, name: panel.name, title: title, keyHints: Self.keyHints(panel, rect)))
    layout.pieces.append(.box(panel, place: index, focused: panel === focused))
    let inner = rect.inset(by: 1)
    layout.places[index].logRows =
      panel.children.isEmpty ? placeLeaf(panel, in: inner) : placeContainer(panel, in: inner)
  }

  /// Shares a container's inside between its body, its children and its log (``RowPlan``).
  ///
  /// Children sit side by side only when their boxes fit across; otherwise they stack.
  private mutating func placeContainer(_ panel: Panel, in inner: Rect) -> Int {
    let bodyWant = min(panel.body.count, 3)
    // An ancestor's log is where bubbling shows: it grows with its lines up to a third of the
    // box, but only into rows no child needs.
    var logWant = 0
    if panel.logRows > 0 {
      let cap = inner.height / 3
      let used = min(panel.log.lines.count, cap)
      layout.watches.append(PanelLayout.LogWatch(panel: panel, used: used, cap: cap))
      logWant = max(panel.logRows, used)
    }
    let parts = panel.children.map { needs[ObjectIdentifier($0)] ?? Self.unmeasured }
    let across = parts.reduce(0) { $0 + $1.columns }
    guard panel.axis == .horizontal, inner.height >= PanelNeeds.leastRows, across <= inner.width
    else {
      return placeStack(
        panel.children, in: inner, bodyWant: bodyWant, logWant: logWant, owner: panel)
    }
    let block = RowPlan.Part(
      need: parts.map(\.rows).max() ?? 1, floor: PanelNeeds.leastRows,
      comfort: parts.map(\.comfort).max() ?? 1)
    let plan = RowPlan.plan(
      rows: inner.height, parts: [block], bodyWant: bodyWant, logWant: logWant)
    let rows = Layout.split(
      inner, .vertical, [.fixed(plan.body), .fixed(plan.sizes[0]), .fixed(plan.log)])
    layout.pieces.append(.body(panel, rows[0]))
    let columns = Layout.split(
      rows[1], .horizontal,
      zip(panel.children, parts).map { child, need in
        child.length.map { Layout.Share(weight: 0, minimum: max($0, need.columns)) }
          ?? Layout.Share(weight: child.weight, minimum: need.columns)
      })
    for (child, area) in zip(panel.children, columns) { placeOpen(child, in: area) }
    layout.pieces.append(.log(panel, rows[2]))
    return plan.log
  }

  /// Stacks panels top to bottom in an area, open or collapsed by ``RowPlan``, with the
  /// owner's body above and log below; returns the log's rows.
  private mutating func placeStack(
    _ children: [Panel], in area: Rect, bodyWant: Int, logWant: Int, owner: Panel? = nil
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
    let bodyArea = take(plan.body)
    if let owner { layout.pieces.append(.body(owner, bodyArea)) }
    for (index, child) in children.enumerated() where plan.sizes[index] > 0 {
      let rect = take(plan.sizes[index])
      if plan.collapsed[index] {
        placeCollapsed(child, in: rect)
      } else {
        placeOpen(child, in: rect)
      }
    }
    if plan.folded > 0 {
      placeFolded(Array(children.suffix(plan.folded)), in: take(1))
    }
    if let owner { layout.pieces.append(.log(owner, take(plan.log))) }
    return plan.log
  }

  /// Where a box's key hints go in its bottom border (a click on one presses its key).
  private static func keyHints(_ panel: Panel, _ rect: Rect) -> [KeyHintPlace] {
    KeyHintPlace.line(
      panel.keys.map { "\($0.displayName) \($0.label)" }, in: rect, width: rect.width - 4)
  }

  private static let unmeasured = PanelNeeds(
    rows: PanelNeeds.leastRows, floor: PanelNeeds.leastRows, comfort: PanelNeeds.leastRows,
    columns: PanelNeeds.leastColumns, count: 1)

  /// One row standing for a panel and everything in it; its text, which counts the log's
  /// lines, is made when it is drawn.
  private mutating func placeCollapsed(_ panel: Panel, in row: Rect) {
    guard !row.isEmpty else { return }
    let index = layout.places.count
    layout.places.append(
      PanelPlace(rect: row, name: panel.name, title: panel.title, isCollapsed: true))
    let inside = (needs[ObjectIdentifier(panel)]?.count ?? 1) - 1
    layout.pieces.append(
      .collapsed(panel, place: index, focused: panel === focused, inside: inside))
  }

  /// One row standing for the last panels of a stack that did not get a row each.
  private mutating func placeFolded(_ panels: [Panel], in row: Rect) {
    guard !row.isEmpty else { return }
    let names = panels.prefix(3).map(\.title).joined(separator: ", ")
    let text = DisplayWidth.clipped(
      "▸ +\(panels.count) more: \(names)\(panels.count > 3 ? ", …" : "") · focus to open",
      to: row.width)
    let first = layout.places.count
    for panel in panels {
      layout.places.append(PanelPlace(rect: row, name: panel.name, title: text, isCollapsed: true))
    }
    layout.pieces.append(.folded(panels, places: first..<layout.places.count, row: row))
  }

  /// A leaf's body, then its log in the rows left (the body keeps one row free for the log when
  /// there are two); returns the log's rows, `nil` for a leaf without a log.
  private mutating func placeLeaf(_ panel: Panel, in inner: Rect) -> Int? {
    let bodyRows = min(panel.body.count, panel.showsLog ? max(1, inner.height - 1) : inner.height)
    let parts = Layout.split(inner, .vertical, [.fixed(bodyRows), Layout.Share()])
    layout.pieces.append(.body(panel, parts[0]))
    guard panel.showsLog else { return nil }
    var logArea = parts[1]
    if logArea.height >= 3, bodyRows > 0 {
      layout.pieces.append(.dots(Rect(x: logArea.x, y: logArea.y, width: logArea.width, height: 1)))
      logArea = logArea.inset(top: 1)
    }
    layout.pieces.append(.log(panel, logArea))
    return logArea.height
  }
}
