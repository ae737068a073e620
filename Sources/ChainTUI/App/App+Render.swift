/// Rendering: the whole screen is laid out from scratch for the current size on every frame.
extension App {
  /// Renders the current screen.
  package func render() -> Grid {
    var grid = Grid(size: size)
    hits = HitMap()
    let theme = Theme(colors: colors)
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
      drawTooSmall(into: &grid, theme: theme)
      return grid
    }
    let rows = Layout.split(grid.bounds, .vertical, [.fixed(1), Layout.Share(), .fixed(1)])
    drawTabs(into: &grid, row: rows[0], theme: theme)
    let (sceneArea, inspectorArea) = splitForInspector(rows[1])
    if !sceneArea.isEmpty {
      var renderer = PanelRenderer(theme: theme, focused: focusedPanel)
      renderer.draw(scene, in: sceneArea, into: &grid)
      hits.panels = renderer.drawn
    }
    if let inspectorArea {
      var view = InspectorView(theme: theme, inspector: inspector, entries: inspectorEntries)
      view.draw(in: inspectorArea, into: &grid, unseen: inspector.unseenCount(of: dispatches))
      hits.inspectorRows = view.rows
    }
    drawStatus(into: &grid, row: rows[2], theme: theme)
    if showsHelp {
      HelpOverlay(theme: theme, scene: scene, keys: focusedPanel?.keys ?? []).draw(into: &grid)
    }
    return grid
  }

  /// Side by side when there is room for both; otherwise the inspector takes the scene's area
  /// (keys still go to the focused panel, so its effects show up in the list).
  private func splitForInspector(_ area: Rect) -> (Rect, Rect?) {
    guard inspector.isVisible else { return (area, nil) }
    guard area.width >= 110 else { return (Rect(x: area.x, y: area.y, width: 0, height: 0), area) }
    let parts = Layout.split(
      area, .horizontal, [Layout.Share(weight: 3, minimum: 60), Layout.Share(weight: 2)])
    return (parts[0], parts[1])
  }

  private func drawTooSmall(into grid: inout Grid, theme: Theme) {
    let message = "terminal too small: need \(Self.minimumSize.width)x\(Self.minimumSize.height)"
    let width = DisplayWidth.of(message)
    let x = max(0, (size.width - width) / 2)
    grid.put(message, at: Point(x: x, y: max(0, (size.height - 1) / 2)), style: theme.warning)
  }

  private func drawTabs(into grid: inout Grid, row: Rect, theme: Theme) {
    grid.fill(row, style: theme.tabBar)
    var x = row.x
    x = grid.put(" ChainTUI ", at: Point(x: x, y: row.y), style: theme.tabBar.bolded)
    for (index, scene) in scenes.enumerated() {
      let label = " \(index + 1) \(scene.title) "
      let style = index == sceneIndex ? theme.currentTab : theme.tabBar
      let end = grid.put(label, at: Point(x: x, y: row.y), style: style)
      hits.tabs.append((x..<min(end, row.maxX), index))
      x = end
    }
  }

  private func drawStatus(into grid: inout Grid, row: Rect, theme: Theme) {
    grid.fill(row, style: theme.statusBar)
    let right = inspector.isEditingFilter ? " enter done  esc clear " : " ? help  i inspector  q quit "
    let rightWidth = DisplayWidth.of(right)
    var left = " "
    if let panel = focusedPanel {
      left += panel.treePath.joined(separator: " > ")
      let keys = panel.keys.map { "\($0.displayName) \($0.label)" }
      if !keys.isEmpty { left += "  |  " + keys.joined(separator: "  ") }
    }
    grid.put(
      left, at: row.origin, style: theme.statusBar,
      maxWidth: max(0, row.width - rightWidth - 1))
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
