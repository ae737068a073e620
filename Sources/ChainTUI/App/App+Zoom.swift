/// Zoom and the log keys: any panel's log, an ancestor's too, can be shown on the whole screen
/// and scrolled, without changing which panels Tab and the arrows stop at.
extension App {
  /// The zoomed panel of the scene on screen, if any.
  package var zoomedPanel: Panel? {
    guard case .zoom(let name) = modes.mode(.zoom) else { return nil }
    return scene.panel(named: name)
  }

  /// The panel whose log PgUp, PgDn, Home, End and the mouse wheel scroll: the zoomed one, or
  /// else the focused one.
  var logPanel: Panel? { zoomedPanel ?? focusedPanel }

  /// `z`: zooms the focused panel; pressed again, the panel above the zoomed one, so every
  /// ancestor's log can be read in full; past the root, the zoom ends.
  func zoomOut() {
    guard let zoomed = zoomedPanel else {
      if let focused = focusedPanel { modes.apply(.open(.zoom(panel: focused.name))) }
      return
    }
    if let parent = zoomed.parent {
      modes.apply(.open(.zoom(panel: parent.name)))
    } else {
      modes.apply(.close(.zoom))
    }
  }

  /// What the zoom says in the status line: how much of the log is kept, when lines were
  /// dropped ("200 kept, 500 dropped"), so "the full log" never hides a cut.
  var zoomText: String? {
    guard let zoomed = zoomedPanel else { return nil }
    let log = zoomed.log
    guard log.dropped > 0 else {
      return "zoom: all \(log.lines.count) line\(log.lines.count == 1 ? "" : "s")"
    }
    return "zoom: \(log.lines.count) kept, \(log.dropped) dropped"
  }

  /// The wheel scrolls the log of the panel under the pointer, whichever it is (an ancestor
  /// too, which Tab never stops at), three lines a notch; anywhere over the inspector (its
  /// list, its details, the rows below its list) it moves the selection.
  func wheel(up: Bool, at point: Point) {
    let hits = currentHits()
    if hits.inspectorArea?.contains(point) == true {
      inspector.moveSelection(by: up ? -1 : 1, in: inspectorEntries.ids)
    } else if let name = hits.panel(at: point), let panel = scene.panel(named: name) {
      panel.log.scroll(by: up ? 3 : -3)
    }
  }

  /// The log keys, on ``logPanel``; `false` when the key is not one of them.
  func logKey(_ key: Key) -> Bool {
    switch key {
    // A page is the rows the log had when last drawn, less one kept in view for context.
    case .pageUp: logPanel?.log.scrollPage(by: 1)
    case .pageDown: logPanel?.log.scrollPage(by: -1)
    case .home: logPanel?.log.scrollToOldest()
    case .end: logPanel?.log.scrollToNewest()
    default: return false
    }
    return true
  }
}
