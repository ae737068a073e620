/// Focus: which panel keys go to, moved with Tab, Shift-Tab, arrows and clicks.
extension App {
  /// The panels Tab stops at in the scene on screen, in tree order.
  var focusStops: [Panel] { scene.allPanels.filter(\.isFocusStop) }

  /// The panels Tab stops at: the same stops the arrows land on (a panel without keys still has
  /// a log to scroll and zoom), in the tree's preorder (a panel, then its children in layout
  /// order), whatever the screen shows.
  var tabStops: [Panel] { focusStops }

  /// The focused panel of the scene on screen.
  ///
  /// If the chosen panel left the scene, focus goes to the stop now at its place (its neighbour
  /// among the stops), so removing a panel keeps focus among its siblings.
  package var focusedPanel: Panel? {
    // Searched in place rather than through `focusStops`: every key and frame asks.
    if let name = view.focusedNames[sceneIndex] {
      if let memo = caches.focusMemo, memo.holds(name: name, scene: scene) { return memo.panel }
      if let panel = scene.firstPanel(where: { $0.name == name && $0.isFocusStop }) {
        caches.focusMemo = FocusMemo(name: name, scene: scene, panel: panel)
        return panel
      }
    }
    if view.focusedNames[sceneIndex] != nil, sceneIndex < view.focusedIndexes.count {
      let stops = focusStops
      if !stops.isEmpty { return stops[min(view.focusedIndexes[sceneIndex], stops.count - 1)] }
    }
    return scene.firstPanel { $0.children.isEmpty && !$0.keys.isEmpty }
      ?? scene.firstPanel(where: \.isFocusStop)
  }

  /// Moves focus to the panel with this name; `false` if the scene has no such focus stop.
  package func focus(panelNamed name: String) -> Bool {
    guard focusStops.contains(where: { $0.name == name }) else { return false }
    setFocus(name)
    return true
  }

  /// Focuses the stop with this name and remembers its place among the stops.
  func setFocus(_ name: String) {
    let before = focusedPanel
    view.focusedNames[sceneIndex] = name
    while view.focusedIndexes.count < view.focusedNames.count { view.focusedIndexes.append(0) }
    view.focusedIndexes[sceneIndex] = focusStops.firstIndex { $0.name == name } ?? 0
    if focusedPanel !== before { modes.apply(.focusMoved(field: focusedPanelIsField)) }
  }

  /// Moves focus to the next (or, with a negative step, previous) Tab stop, wrapping around.
  func cycleFocus(by step: Int) {
    let stops = tabStops
    guard !stops.isEmpty else { return }
    guard let current = focusedPanel.flatMap({ panel in stops.firstIndex { $0 === panel } })
    else {
      setFocus(stops[step >= 0 ? 0 : stops.count - 1].name)
      return
    }
    let next = ((current + step) % stops.count + stops.count) % stops.count
    setFocus(stops[next].name)
  }

  /// Moves focus to the nearest stop in an arrow's direction, by the screen's current layout;
  /// falls back to cycling when the focused panel is not on screen.
  ///
  /// Stops beside the focused panel come first, the nearest edge first (a container beside is
  /// nearer than the panels inside it, so it is not skipped). When there is none in that
  /// direction, the arrow goes into the focused panel or out to a panel around it, the way a
  /// panel's title leads into it: down and right go into it, up and left out to the panel
  /// around. So a panel nested in another is reached from its parent, and the parent from it,
  /// and an arrow never swaps two panels back and forth.
  func moveFocus(_ key: Key) {
    let direction: (dx: Int, dy: Int) =
      switch key {
      case .left: (-1, 0)
      case .right: (1, 0)
      case .up: (0, -1)
      default: (0, 1)
      }
    let rects = placedRects(currentHits())
    guard let current = focusedPanel, let from = rects[ObjectIdentifier(current)] else {
      cycleFocus(by: direction.dx + direction.dy)
      return
    }
    var beside: [Panel] = []
    var nested: [Panel] = []
    let goesIn = direction.dx > 0 || direction.dy > 0
    for stop in focusStops where stop !== current {
      if stop.node.isDescendant(of: current.node) {
        if goesIn { nested.append(stop) }
      } else if current.node.isDescendant(of: stop.node) {
        if !goesIn { nested.append(stop) }
      } else {
        beside.append(stop)
      }
    }
    let target =
      nearest(in: beside, from: from, direction, rects)
      ?? nearest(in: nested, from: from, direction, rects, nested: true)
    guard let target else {
      flash = "\(KeyName.format(key)): no panel that way"
      return
    }
    setFocus(target.name)
  }

  /// Each panel's place on screen by identity: its box, its collapsed row, or, for a panel
  /// inside a collapsed one, that row (so arrows reach it, and focusing it opens its branch).
  private func placedRects(_ hits: HitMap) -> [ObjectIdentifier: Rect] {
    var byName: [String: Rect] = [:]
    for place in hits.panels where byName[place.name] == nil { byName[place.name] = place.rect }
    var rects: [ObjectIdentifier: Rect] = [:]
    for panel in scene.allPanels {
      if let rect = byName[panel.name] {
        rects[ObjectIdentifier(panel)] = rect
      } else if let parent = panel.parent, let rect = rects[ObjectIdentifier(parent)] {
        rects[ObjectIdentifier(panel)] = rect
      }
    }
    return rects
  }

  private func nearest(
    in panels: [Panel], from: Rect, _ direction: (dx: Int, dy: Int),
    _ rects: [ObjectIdentifier: Rect], nested: Bool = false
  ) -> Panel? {
    let (dx, dy) = direction
    var best: (score: Int, panel: Panel)?
    for panel in panels {
      guard let to = rects[ObjectIdentifier(panel)], !to.isEmpty else { continue }
      let along: Int
      let around = nested && to.contains(from.origin) && to != from
      if nested {
        // A box around the focused one (it contains it) counts by how far its edge lies past
        // the focused box's; a box inside, by how far it starts from the edge behind the arrow.
        along =
          dx > 0
          ? (around ? to.maxX - from.maxX : to.x - from.x)
          : dx < 0
            ? (around ? from.x - to.x : from.maxX - to.maxX)
            : dy > 0
              ? (around ? to.maxY - from.maxY : to.y - from.y)
              : (around ? from.y - to.y : from.maxY - to.maxY)
      } else {
        // Only panels wholly beyond the current one's edge count, by the gap to that edge.
        along =
          dx > 0
          ? to.x - from.maxX
          : dx < 0 ? from.x - to.maxX : dy > 0 ? to.y - from.maxY : from.y - to.maxY
      }
      guard along >= 0 else { continue }
      // Then how far the centres are apart across the direction.
      let across =
        dx != 0
        ? abs(to.y * 2 + to.height - from.y * 2 - from.height)
        : abs(to.x * 2 + to.width - from.x * 2 - from.width)
      let score = along * 4 + (around ? 0 : across)
      if best.map({ score < $0.score }) ?? true { best = (score, panel) }
    }
    return best?.panel
  }
}

/// The focused panel found by name, kept while the scene's panel tree cannot have changed: the
/// same scene and root, no panel added, removed or given keys since (``Panel``'s generation).
///
/// Only a panel under the scene's root is kept. The root's tree is searched first, so while it
/// is unchanged its first match stays the first; detached subtrees may come and go unnoticed.
struct FocusMemo {
  let name: String
  let scene: ObjectIdentifier
  let root: ObjectIdentifier
  let generation: Int
  let panel: Panel

  /// A memo of a panel found in `scene`, or `nil` when the panel is not under its root.
  @MainActor
  init?(name: String, scene: any Scene, panel: Panel) {
    var top = panel
    while let parent = top.parent { top = parent }
    guard top === scene.root else { return nil }
    self.name = name
    self.scene = ObjectIdentifier(scene)
    self.root = ObjectIdentifier(scene.root)
    self.generation = Panel.generation
    self.panel = panel
  }

  /// Whether the kept panel is still the one a search for `name` in `scene` finds.
  @MainActor
  func holds(name: String, scene: any Scene) -> Bool {
    generation == Panel.generation && self.scene == ObjectIdentifier(scene)
      && root == ObjectIdentifier(scene.root) && self.name == name
  }
}
