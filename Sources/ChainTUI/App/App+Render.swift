/// Rendering: the screen drawn where ``App/layout`` put things; drawing works nothing out about
/// where things go and leaves nothing behind for hit-testing.
extension App {
  /// Renders the current screen.
  package func render() -> Grid {
    render(showingTimings: showsTimings)
  }

  /// Renders the current screen, with the inspector's wall-clock timings or `·` in their place.
  package func render(showingTimings: Bool) -> Grid {
    let layout = layout
    let theme = Theme(colors: colors)
    guard !layout.isTooSmall else {
      caches.frame = nil
      var grid = Grid(size: size)
      drawTooSmall(into: &grid, theme: theme)
      return grid
    }
    let setting = PanelDamage.Setting(
      layout: layout.serial, colors: colors, showsTimestamps: showsTimestamps)
    let search = searchState
    // The last frame is a start only when it drew the same layout the same way: every cell
    // outside the panels' pieces is then what this frame draws there too.
    // Taken out of the cache, not copied: a copy retained and released every part of it.
    var last = caches.frame.take()
    if last?.damage.setting != setting || last?.grid.size != size || search != nil { last = nil }
    var grid = last?.grid.withOwnCells() ?? Grid(size: size)
    drawCachedTabs(into: &grid, row: layout.tabRow, theme: theme)
    var damage: PanelDamage?
    if !layout.sceneArea.isEmpty {
      var renderer = PanelRenderer(theme: theme, showsTimestamps: showsTimestamps)
      if let search {
        renderer.search = (
          ObjectIdentifier(search.panel), search.search, search.current.map { search.matches[$0] }
        )
      }
      // The lit path is worked out first: a mark the last frame drew that stays is left in its
      // row instead of the row being drawn again and the mark over it.
      let flow = flowMarks
      var keeping = PlaceSet()
      if let flow, let lastMarked = last?.damage.marked, !lastMarked.isEmpty {
        keeping = FlowMarksView.unchanged(
          lastMarked, marks: flow.marks, current: flow.current, over: layout.panels.places)
      }
      var drawn = renderer.draw(
        layout.panels, into: &grid, over: last?.damage, setting: setting, keepingMarks: keeping)
      if let flow {
        drawn.marked = FlowMarksView(theme: theme).draw(
          flow.marks, current: flow.current, over: renderer.placed, leaving: drawn.keptMarks,
          into: &grid)
      }
      damage = drawn
    }
    var inspectorDrawn: InspectorDrawn?
    if let inspectorArea = layout.inspectorArea {
      inspectorDrawn = inspectorView(showingTimings: showingTimings).draw(
        in: inspectorArea, into: &grid, unseen: inspector.unseenCount(of: inspectorItems),
        over: last?.inspector)
    }
    drawCachedStatus(into: &grid, row: layout.statusRow, theme: theme)
    // Kept before the overlays: the next frame draws them again if they are still open.
    if search == nil {
      caches.frame = (
        grid, damage ?? PanelDamage(setting: setting, signatures: [], marked: []), inspectorDrawn
      )
    }
    if showsHelp { helpOverlay.draw(into: &grid) }
    paletteOverlay?.draw(into: &grid)
    return grid
  }

  /// The current screen drawn without the last frame: what ``render()`` must equal, for tests
  /// that check a frame drawn over the last one misses nothing.
  func renderedAfresh() -> Grid {
    caches.frame = nil
    return render()
  }

  /// Whether the help overlay is shown.
  package var showsHelp: Bool { modes.top.kind == .help }

  /// The help overlay for the scene and focused panel on screen, at its scroll position.
  var helpOverlay: HelpOverlay {
    var scroll = 0
    if case .help(let offset) = modes.top { scroll = offset }
    return HelpOverlay(
      theme: Theme(colors: colors), scene: scene, keys: focusedPanel?.keys ?? [],
      sceneCount: scenes.count, fieldTypes: focusedPanelTakesDigits, scroll: scroll)
  }

  private func drawTooSmall(into grid: inout Grid, theme: Theme) {
    let message = DisplayWidth.clipped(
      "terminal too small: need \(Self.minimumSize.width)x\(Self.minimumSize.height)",
      to: size.width)
    let width = DisplayWidth.of(message)
    let x = max(0, (size.width - width) / 2)
    grid.put(message, at: Point(x: x, y: max(0, (size.height - 1) / 2)), style: theme.warning)
  }

  func drawTabs(into grid: inout Grid, row: Rect, theme: Theme) {
    grid.fill(row, style: theme.tabBar)
    var x = row.x
    // The name goes first when every tab still fits beside it.
    let labels = tabLabels(width: row.width)
    if DisplayWidth.of(Self.brand + labels.joined()) <= row.width {
      x = grid.put(Self.brand, at: Point(x: x, y: row.y), style: theme.tabBar.bolded)
    }
    for (index, label) in labels.enumerated() {
      let style = index == sceneIndex ? theme.currentTab : theme.tabBar
      x = grid.put(label, at: Point(x: x, y: row.y), style: style)
    }
  }

  /// Each scene's tab label for a row of a width: full titles when they all fit; otherwise
  /// the other tabs shrink to their numbers, so the scene on screen (a tree's, often the last)
  /// keeps its title in view, clipped with an ellipsis only when even that does not fit.
  func tabLabels(width: Int) -> [String] {
    let full = scenes.enumerated().map { " \($0.offset + 1) \($0.element.title) " }
    guard DisplayWidth.of(full.joined()) > width else { return full }
    var short = full.indices.map { $0 == sceneIndex ? full[$0] : " \($0 + 1) " }
    let others = DisplayWidth.of(short.joined()) - DisplayWidth.of(full[sceneIndex])
    short[sceneIndex] = DisplayWidth.clipped(full[sceneIndex], to: max(0, width - others))
    return short
  }

  func drawStatus(into grid: inout Grid, row: Rect, theme: Theme) {
    grid.fill(row, style: theme.statusBar)
    let (left, room, right) = statusParts(width: row.width)
    grid.put(left, at: row.origin, style: theme.statusBar, maxWidth: room)
    let rightWidth = DisplayWidth.of(right)
    grid.put(
      right, at: Point(x: max(row.x, row.maxX - rightWidth), y: row.y),
      style: theme.statusBar.bolded)
  }

  /// The status line's two parts as they fit a width: the path, lead and hints at the left in
  /// `room` columns, and the mode's reminder at the right.
  func statusParts(width: Int) -> (left: String, room: Int, right: String) {
    let path = focusedPanel?.titlePath ?? []
    let hints = statusHints
    let lead = statusLead
    // Measured whole, to choose the reminder; fitted below to the room the reminder leaves.
    let whole = StatusText.fitted(path: path, lead: lead, hints: hints, width: .max)
    // The focused panel's keys come first; the mode's reminder shrinks to make room.
    let reminders = modeReminders
    let right =
      reminders.first { DisplayWidth.of(whole) + DisplayWidth.of($0) < width }
      ?? reminders[reminders.count - 1]
    let room = max(0, width - DisplayWidth.of(right) - 1)
    return (StatusText.fitted(path: path, lead: lead, hints: hints, width: room), room, right)
  }

  /// The focused panel's key hints as the status line lists them ("l like"); none while keys go
  /// into a mode's text (the filter, the palette, a search's query) or a search is open (the line
  /// shows its count and keys), and `enter` alone while a text field's keys wait for its mode.
  var statusHints: [String] { statusHintKeys.map(\.hint) }

  /// ``statusHints`` with the key a click on each presses (`nil` for a class of keys).
  var statusHintKeys: [(hint: String, key: Key?)] {
    guard let panel = focusedPanel, !modes.isTyping, !modes.has(.search) else { return [] }
    guard !focusedPanelIsField || modes.has(.field) else { return [("enter type here", .enter)] }
    return panel.keys.map { ("\($0.displayName) \($0.label)", $0.clickedKey) }
  }

  /// What the status line says first after the path: the last key's flash, else the mode's
  /// state (the replay's step, how much of a zoomed log is kept).
  var statusLead: String? {
    if let flash { return flash }
    switch modes.top {
    case .replay: return flowStepText
    case .zoom: return zoomText
    case .why(let panel): return "why: \(panel)"
    case .filter(typing: true): return "typing the inspector's filter"
    case .palette: return "palette: \(paletteMatches.count) of \(paletteItems.count)"
    case .search: return searchText
    default: return nil
    }
  }

  /// The bold reminder at the status line's right: the keys of the mode on top and how it ends,
  /// longest first, then shorter ones for narrow screens.
  var modeReminders: [String] {
    let functionKeys = scenes.count == 1 ? "F1" : "F1-F\(min(scenes.count, 12))"
    switch modes.top {
    case .browse: return [" ? help  i inspector  q quit ", " ? help "]
    case .field:
      return [
        " digits type here, \(functionKeys) scenes  esc leave ",
        " \(functionKeys) scenes  esc leave ", " esc leave ",
      ]
    case .replay: return [" n next hop  esc end replay ", " n next  esc end "]
    case .zoom: return [" z panel above  esc end zoom ", " z up  esc end "]
    case .inspector: return [" up/down select  / filter  w why  esc close ", " esc close "]
    case .why: return [" w next panel  esc why off ", " esc why off "]
    case .filter(typing: true): return [" enter done  esc clear "]
    case .filter(typing: false): return [" / edit filter  esc clear it ", " esc clear "]
    case .help: return [" up/down scroll  esc close help ", " esc close "]
    case .palette:
      return [" type to find  up/down select  enter go  esc close ", " enter go  esc close "]
    case .search(_, _, typing: true, _):
      return [" enter keep  esc end search ", " enter keep  esc end ", " esc end "]
    case .search:
      return [
        " . next match  , previous  / edit  esc end search ", " . next , prev  esc end ",
        " . next , prev  esc ", " esc end ",
      ]
    }
  }
}

extension Style {
  /// The same style in bold.
  var bolded: Style {
    var copy = self
    copy.bold = true
    return copy
  }
}
