/// Focus: which panel keys go to, moved with Tab, Shift-Tab, arrows and clicks.
extension App {
  /// The panels Tab stops at in the scene on screen, in tree order.
  var focusStops: [Panel] { scene.allPanels.filter(\.isFocusStop) }

  /// The panels Tab stops at: those with keys (all focus stops if none has any), in the order
  /// a reader meets them on screen, top to bottom, then left to right.
  var tabStops: [Panel] {
    let withKeys = focusStops.filter { !$0.keys.isEmpty }
    let stops = withKeys.isEmpty ? focusStops : withKeys
    let hits = currentHits()
    let placed = stops.enumerated().map { (offset: $0.offset, panel: $0.element) }
    return placed.sorted { first, second in
      switch (hits.rect(of: first.panel.name), hits.rect(of: second.panel.name)) {
      case (let a?, let b?): (a.y, a.x, first.offset) < (b.y, b.x, second.offset)
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): first.offset < second.offset
      }
    }.map(\.panel)
  }

  /// The focused panel of the scene on screen.
  ///
  /// If the chosen panel left the scene, focus goes to the stop now at its place (its neighbour
  /// among the stops), so removing a panel keeps focus among its siblings.
  package var focusedPanel: Panel? {
    // Searched in place rather than through `focusStops`: every key and frame asks.
    if let name = focusedNames[sceneIndex] {
      if let memo = focusMemo, memo.holds(name: name, scene: scene) { return memo.panel }
      if let panel = scene.firstPanel(where: { $0.name == name && $0.isFocusStop }) {
        focusMemo = FocusMemo(name: name, scene: scene, panel: panel)
        return panel
      }
    }
    if focusedNames[sceneIndex] != nil, sceneIndex < focusedIndexes.count {
      let stops = focusStops
      if !stops.isEmpty { return stops[min(focusedIndexes[sceneIndex], stops.count - 1)] }
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
    focusedNames[sceneIndex] = name
    while focusedIndexes.count < focusedNames.count { focusedIndexes.append(0) }
    focusedIndexes[sceneIndex] = focusStops.firstIndex { $0.name == name } ?? 0
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
  func moveFocus(_ key: Key) {
    let (dx, dy): (Int, Int) =
      switch key {
      case .left: (-1, 0)
      case .right: (1, 0)
      case .up: (0, -1)
      default: (0, 1)
      }
    let hits = currentHits()
    guard let current = focusedPanel, let from = hits.rect(of: current.name) else {
      cycleFocus(by: dx + dy)
      return
    }
    // Boxes nest, so skip the current panel's own ancestors and descendants, and prefer
    // leaves: a container is only chosen when no leaf lies in that direction.
    let candidates = focusStops.filter {
      $0 !== current && !$0.node.isDescendant(of: current.node)
        && !current.node.isDescendant(of: $0.node)
    }
    let best =
      nearest(in: candidates.filter(\.children.isEmpty), from: from, dx: dx, dy: dy, hits: hits)
      ?? nearest(in: candidates, from: from, dx: dx, dy: dy, hits: hits)
    if let best { setFocus(best) }
  }

  private func nearest(
    in panels: [Panel], from: Rect, dx: Int, dy: Int, hits: HitMap
  ) -> String? {
    var best: (score: Int, name: String)?
    for panel in panels {
      guard let to = hits.rect(of: panel.name), !to.isEmpty else { continue }
      // Only panels wholly beyond the current one's edge count; the gap to that edge, then
      // how far the centres are apart across the direction, decide.
      let along =
        dx > 0
        ? to.x - from.maxX
        : dx < 0 ? from.x - to.maxX : dy > 0 ? to.y - from.maxY : from.y - to.maxY
      guard along >= 0 else { continue }
      let across =
        dx != 0
        ? abs(to.y * 2 + to.height - from.y * 2 - from.height)
        : abs(to.x * 2 + to.width - from.x * 2 - from.width)
      let score = along * 4 + across
      if best.map({ score < $0.score }) ?? true { best = (score, panel.name) }
    }
    return best?.name
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
