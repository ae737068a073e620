/// Rendering: the whole screen is laid out from scratch for the current size on every frame.
extension App {
  /// Renders the current screen.
  package func render() -> Grid {
    render(showingTimings: showsTimings)
  }

  /// Renders the current screen, with the inspector's wall-clock timings or `·` in their place.
  package func render(showingTimings: Bool) -> Grid {
    var grid = Grid(size: size)
    hits = HitMap()
    let theme = Theme(colors: colors)
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
      drawTooSmall(into: &grid, theme: theme)
      return grid
    }
    let rows = Layout.split(grid.bounds, .vertical, [.fixed(1), Layout.Share(), .fixed(1)])
    drawCachedTabs(into: &grid, row: rows[0], theme: theme)
    let (sceneArea, inspectorArea) = splitForInspector(rows[1])
    if !sceneArea.isEmpty {
      var renderer = PanelRenderer(
        theme: theme, focused: focusedPanel, showsTimestamps: showsTimestamps)
      if let zoomed = zoomedPanel {
        renderer.drawZoomed(zoomed, in: sceneArea, into: &grid)
      } else {
        renderer.draw(scene, in: sceneArea, into: &grid)
      }
      hits.panels = renderer.placed
      if let flow = flowMarks {
        FlowMarksView(theme: theme).draw(
          flow.marks, current: flow.current, over: renderer.placed, into: &grid)
      }
    }
    if let inspectorArea {
      var view = InspectorView(
        theme: theme, inspector: inspector, entries: inspectorEntries,
        rowText: tracers[sceneIndex].rowText, rowCells: tracers[sceneIndex].rowCells,
        showsTimings: showingTimings,
        why: inspector.whyPanel.flatMap { name in why(ofPanel: name).map { (name, $0) } })
      // The frame is new and nothing else is drawn in the inspector's area.
      view.draw(
        in: inspectorArea, into: &grid, unseen: inspector.unseenCount(of: inspectorItems),
        areaIsBlank: true)
      hits.inspectorRows = view.rows
    }
    drawCachedStatus(into: &grid, row: rows[2], theme: theme)
    if let step = flowStepText {
      // While replaying, the status line says where the event is; n goes on. The step is cut
      // (with "…") before the key that goes on is.
      let next = "  |  n next hop "
      let step = DisplayWidth.clipped(step, to: rows[2].width - 1 - DisplayWidth.of(next))
      grid.fill(rows[2], style: theme.statusBar)
      grid.put(
        DisplayWidth.clipped(" \(step)\(next)", to: rows[2].width), at: rows[2].origin,
        style: theme.statusBar.bolded, maxWidth: rows[2].width)
    }
    if showsHelp { helpOverlay.draw(into: &grid) }
    return grid
  }

  /// The help overlay for the scene and focused panel on screen, at its scroll position.
  var helpOverlay: HelpOverlay {
    HelpOverlay(
      theme: Theme(colors: colors), scene: scene, keys: focusedPanel?.keys ?? [],
      sceneCount: scenes.count,
      scroll: helpScroll)
  }

  /// Where everything is on screen as the app stands now, laid out afresh: what clicks and arrow
  /// keys go by.
  ///
  /// NB: never the map of the last frame drawn, which a tick, a resize or a key since may have
  /// made stale. What a key does must not depend on when frames were drawn, or a replay of a
  /// recorded session (which draws at other moments) would take another path.
  func currentHits() -> HitMap {
    _ = render()
    return hits
  }

  /// Side by side when there is room for both; otherwise the inspector takes the scene's area
  /// (keys still go to the focused panel, so its effects show up in the list).
  private func splitForInspector(_ area: Rect) -> (Rect, Rect?) {
    guard inspector.isVisible else { return (area, nil) }
    guard area.width >= 110 else { return (Rect(x: area.x, y: area.y, width: 0, height: 0), area) }
    let parts = Layout.split(
      area, .horizontal, [Layout.Share(), .fixed(max(44, area.width * 2 / 5))])
    return (parts[0], parts[1])
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
    let brand = " ChainTUI "
    if DisplayWidth.of(brand + labels.joined()) <= row.width {
      x = grid.put(brand, at: Point(x: x, y: row.y), style: theme.tabBar.bolded)
    }
    for (index, label) in labels.enumerated() {
      let style = index == sceneIndex ? theme.currentTab : theme.tabBar
      let end = grid.put(label, at: Point(x: x, y: row.y), style: style)
      hits.tabs.append((x..<min(end, row.maxX), index))
      x = end
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
    let path = focusedPanel?.treePath.joined(separator: " > ") ?? ""
    let hints = focusedPanel?.keys.map { "\($0.displayName) \($0.label)" } ?? []
    // Measured whole, to choose the reminder; fitted below to the room the reminder leaves.
    let left = " " + path + (hints.isEmpty ? "" : "  |  " + hints.joined(separator: "  "))
    // The focused panel's keys come first; the global reminder shrinks to make room.
    let functionKeys = scenes.count == 1 ? "F1" : "F1-F\(min(scenes.count, 12))"
    let reminders =
      inspector.isEditingFilter
      ? [" enter done  esc clear "]
      : focusedPanelTakesDigits
        ? [" digits type here, \(functionKeys) scenes  ? help ", " \(functionKeys) scenes "]
        : [" ? help  i inspector  q quit ", " ? help "]
    let right =
      reminders.first { DisplayWidth.of(left) + DisplayWidth.of($0) < row.width }
      ?? reminders[reminders.count - 1]
    let rightWidth = DisplayWidth.of(right)
    let room = max(0, row.width - rightWidth - 1)
    grid.put(
      StatusText.fitted(path: path, hints: hints, width: room), at: row.origin,
      style: theme.statusBar, maxWidth: room)
    grid.put(
      right, at: Point(x: max(row.x, row.maxX - rightWidth), y: row.y),
      style: theme.statusBar.bolded)
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
