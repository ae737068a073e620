/// The mouse on key hints: where the hints in the panels' borders and the status line are, and
/// a click on one pressing its key as if typed with its panel focused.
extension App {
  /// The key hints of the open boxes, less those a hidden log's count covers at the right of
  /// the border (its width is read from the log now, as the renderer draws it).
  func panelKeyHints(_ places: [PanelPlace]) -> [KeyHit] {
    places.flatMap { place -> [KeyHit] in
      guard let panel = scene.panel(named: place.name) else { return [] }
      var end = place.rect.maxX
      if place.logRows == 0, !panel.log.lines.isEmpty {
        let marker = PanelRenderer.borderMarker(panel.log.lines.count, width: place.rect.width - 6)
        end = place.rect.maxX - 3 - DisplayWidth.of(marker)
      }
      return place.keyHints.compactMap { hint in
        let shownEnd = min(hint.columns.upperBound, end)
        guard shownEnd > hint.columns.lowerBound, panel.keys.indices.contains(hint.key),
          let key = panel.keys[hint.key].clickedKey
        else { return nil }
        let columns = hint.columns.lowerBound..<shownEnd
        return KeyHit(row: hint.row, columns: columns, key: key, panel: place.name)
      }
    }
  }

  /// The focused panel's key hints in the status line, found in its text as it fits the row.
  func statusKeyHints(in row: Rect) -> [KeyHit] {
    let pairs = statusHintKeys
    guard let panel = focusedPanel, !pairs.isEmpty, !row.isEmpty else { return [] }
    let left = statusParts(width: row.width).left
    guard let bar = left.range(of: "  |  ") else { return [] }
    var rest = left[bar.upperBound...]
    if let lead = statusLead {
      guard rest.hasPrefix(lead + "  ") else { return [] }
      rest = rest.dropFirst(lead.count + 2)
    }
    var x = row.x + DisplayWidth.of(String(left[..<rest.startIndex]))
    var hits: [KeyHit] = []
    for (hint, key) in pairs {
      guard rest.hasPrefix(hint) else { break }
      let width = DisplayWidth.of(hint)
      if let key {
        hits.append(KeyHit(row: row.y, columns: x..<x + width, key: key, panel: panel.name))
      }
      x += width + 2
      rest = rest.dropFirst(hint.count)
      guard rest.hasPrefix("  ") else { break }
      rest = rest.dropFirst(2)
    }
    return hits
  }

  /// The key hint a mouse click is on, when clicks act in the modes open; read before a key
  /// clears the flash, since the status line on screen still says it.
  func clickedKeyHint(_ key: Key) -> KeyHit? {
    guard case .mouseClick(let x, let y) = key else { return nil }
    switch modes.top {
    case .help, .filter(typing: true), .palette, .search(_, _, typing: true, _): return nil
    default: return currentHits().keyHint(at: Point(x: x, y: y))
    }
  }

  /// Presses a clicked hint's key as if typed, with its panel focused.
  func press(hint: KeyHit) {
    guard focusedPanel?.name == hint.panel || focus(panelNamed: hint.panel) else { return }
    route(hint.key)
  }
}
