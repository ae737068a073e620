/// Focus: which panel keys go to, moved with Tab, Shift-Tab, arrows and clicks.
extension App {
  /// The panels Tab stops at in the scene on screen, in tree order.
  var focusStops: [Panel] { scene.allPanels.filter(\.isFocusStop) }

  /// The focused panel of the scene on screen; the first focus stop if none was chosen or the
  /// chosen one left the scene.
  package var focusedPanel: Panel? {
    // Searched in place rather than through `focusStops`: every key and frame asks.
    if let name = focusedNames[sceneIndex],
      let panel = scene.firstPanel(where: { $0.name == name && $0.isFocusStop })
    {
      return panel
    }
    return scene.firstPanel(where: \.isFocusStop)
  }

  /// Moves focus to the panel with this name; `false` if the scene has no such focus stop.
  package func focus(panelNamed name: String) -> Bool {
    guard focusStops.contains(where: { $0.name == name }) else { return false }
    focusedNames[sceneIndex] = name
    return true
  }

  /// Moves focus to the next (or, with a negative step, previous) stop, wrapping around.
  func cycleFocus(by step: Int) {
    let stops = focusStops
    guard !stops.isEmpty else { return }
    let current = focusedPanel.flatMap { panel in stops.firstIndex { $0 === panel } } ?? 0
    let next = ((current + step) % stops.count + stops.count) % stops.count
    focusedNames[sceneIndex] = stops[next].name
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
    if let best { focusedNames[sceneIndex] = best }
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
