/// Zoom and the log keys: any panel's log, an ancestor's too, can be shown on the whole screen
/// and scrolled, without changing which panels Tab and the arrows stop at.
extension App {
  /// The zoomed panel of the scene on screen, if any.
  package var zoomedPanel: Panel? {
    guard let name = zoomedNames[sceneIndex] else { return nil }
    return scene.panel(named: name)
  }

  /// The panel whose log PgUp, PgDn, Home, End and the mouse wheel scroll: the zoomed one, or
  /// else the focused one.
  var logPanel: Panel? { zoomedPanel ?? focusedPanel }

  /// `z`: zooms the focused panel; pressed again, the panel above the zoomed one, so every
  /// ancestor's log can be read in full; past the root, back to the scene.
  func zoomOut() {
    guard let zoomed = zoomedPanel else {
      zoomedNames[sceneIndex] = focusedPanel?.name
      return
    }
    zoomedNames[sceneIndex] = zoomed.parent?.name
  }

  /// Escape: leaves the zoom; `false` when nothing was zoomed.
  func leaveZoom() -> Bool {
    guard zoomedPanel != nil else { return false }
    zoomedNames[sceneIndex] = nil
    return true
  }

  /// The wheel scrolls the log of the panel under the pointer, whichever it is (an ancestor
  /// too, which Tab never stops at), three lines a notch; over the inspector it moves the
  /// selection.
  func wheel(up: Bool, at point: Point) {
    let hits = currentHits()
    if hits.inspectorEntry(at: point) != nil {
      inspector.moveSelection(by: up ? -1 : 1, in: inspectorEntries.ids)
    } else if let name = hits.panel(at: point), let panel = scene.panel(named: name) {
      panel.log.scroll(by: up ? 3 : -3)
    }
  }

  /// The log keys, on ``logPanel``; `false` when the key is not one of them.
  func logKey(_ key: Key) -> Bool {
    switch key {
    case .pageUp: logPanel?.log.scroll(by: 5)
    case .pageDown: logPanel?.log.scroll(by: -5)
    case .home: logPanel?.log.scrollToOldest()
    case .end: logPanel?.log.scrollToNewest()
    default: return false
    }
    return true
  }
}
