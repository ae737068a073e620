/// The layout step: the app's geometry worked out once per change of the state that decides it,
/// and what hit-testing reads from it.
extension App {
  /// The layout of the app as it stands now: the one kept, unless the state it was made from
  /// changed (size, scene, focus, zoom, the inspector's visibility, the panel tree), in which
  /// case a new one is made and kept.
  ///
  /// NB: never the geometry of the last frame drawn, which a tick, a resize or a key since may
  /// have made stale. What a key does must not depend on when frames were drawn, or a replay of
  /// a recorded session (which draws at other moments) would take another path.
  var layout: ScreenLayout {
    let inputs = layoutInputs
    if let kept = caches.layout, kept.holds(for: inputs) { return kept }
    var made = makeLayout(inputs)
    caches.layoutsMade += 1
    made.serial = caches.layoutsMade
    caches.layout = made
    return made
  }

  /// A layout made now from the state as it stands, not kept: what ``layout`` must equal,
  /// for tests that check a kept layout is never stale.
  func freshLayout() -> ScreenLayout { makeLayout(layoutInputs) }

  /// What the layout depends on, read from the state as it is now.
  private var layoutInputs: ScreenLayout.Inputs {
    let scene = scene
    // NB: loops and `if let`, not `map` with an initialiser: each closure made here checked the
    // main actor's executor when called, and the layout's inputs are read on every key.
    var detached: [ObjectIdentifier] = []
    for panel in scene.detached { detached.append(ObjectIdentifier(panel)) }
    var focused: ObjectIdentifier?
    if let panel = focusedPanel { focused = ObjectIdentifier(panel) }
    var zoomed: ObjectIdentifier?
    if let panel = zoomedPanel { zoomed = ObjectIdentifier(panel) }
    return ScreenLayout.Inputs(
      size: size, sceneIndex: sceneIndex, scene: ObjectIdentifier(scene),
      root: ObjectIdentifier(scene.root), detached: detached,
      focused: focused, zoomed: zoomed, showsInspector: inspector.isVisible,
      inspectorFillsScreen: inspector.fillsScreen, panels: Panel.layoutGeneration,
      tabs: model.tabsGeneration)
  }

  private func makeLayout(_ inputs: ScreenLayout.Inputs) -> ScreenLayout {
    var layout = ScreenLayout(inputs: inputs)
    let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
      layout.isTooSmall = true
      return layout
    }
    let rows = Layout.split(screen, .vertical, [.fixed(1), Layout.Share(), .fixed(1)])
    layout.tabRow = rows[0]
    layout.statusRow = rows[2]
    layout.tabs = tabColumns(in: rows[0])
    let (sceneArea, inspectorArea) = splitForInspector(rows[1])
    layout.sceneArea = sceneArea
    layout.inspectorArea = inspectorArea
    if !sceneArea.isEmpty {
      var builder = PanelLayoutBuilder(focused: focusedPanel)
      if let zoomed = zoomedPanel {
        builder.placeZoomed(zoomed, in: sceneArea)
      } else {
        builder.place(scene, in: sceneArea)
      }
      layout.panels = builder.layout
    }
    return layout
  }

  /// Beside the panels from ``inspectorBesideWidth`` columns, taking two fifths of the width
  /// and never fewer than ``inspectorMinimumWidth`` columns, the panels the rest; on the whole
  /// area when asked (`I`) or on a narrower screen (keys still go to the focused panel, so its
  /// effects show up in the list).
  private func splitForInspector(_ area: Rect) -> (Rect, Rect?) {
    guard inspector.isVisible else { return (area, nil) }
    guard !inspector.fillsScreen, area.width >= Self.inspectorBesideWidth else {
      return (Rect(x: area.x, y: area.y, width: 0, height: 0), area)
    }
    let width = max(Self.inspectorMinimumWidth, area.width * 2 / 5)
    let parts = Layout.split(area, .horizontal, [Layout.Share(), .fixed(width)])
    return (parts[0], parts[1])
  }

  /// The narrowest screen on which the inspector sits beside the panels.
  static let inspectorBesideWidth = 80
  /// The inspector's fewest columns beside the panels: a dispatch's number, key, path and
  /// time, and its filter line, still read at this width (cut with "…" past it).
  static let inspectorMinimumWidth = 40

  /// The columns each tab's label takes on the top row, after the name when every tab fits
  /// beside it (as ``drawTabs(into:row:theme:)`` draws them).
  private func tabColumns(in row: Rect) -> [(columns: Range<Int>, scene: Int)] {
    let labels = tabLabels(width: row.width)
    var x = row.x
    if DisplayWidth.of(Self.brand + labels.joined()) <= row.width {
      x += DisplayWidth.of(Self.brand)
    }
    return labels.enumerated().map { index, label in
      let start = min(x, row.maxX)
      x = min(x + DisplayWidth.of(label), row.maxX)
      return (start..<x, index)
    }
  }

  /// The explorer's name at the left of the tab bar.
  static let brand = " ChainTUI "

  /// Where everything is on screen as the app stands now: what clicks and arrow keys go by,
  /// read from ``layout`` without drawing.
  func currentHits() -> HitMap {
    let layout = layout
    var hits = HitMap()
    guard !layout.isTooSmall else { return hits }
    hits.tabs = layout.tabs
    hits.panels = layout.panels.places
    hits.keyHints = panelKeyHints(layout.panels.places) + statusKeyHints(in: layout.statusRow)
    hits.inspectorArea = layout.inspectorArea
    if let area = layout.inspectorArea {
      hits.inspectorRows = inspectorView(showingTimings: showsTimings).listRows(in: area)
    }
    return hits
  }

  /// The inspector's view of the scene on screen as it stands now.
  func inspectorView(showingTimings: Bool) -> InspectorView {
    InspectorView(
      theme: Theme(colors: colors), inspector: inspector, entries: inspectorEntries,
      rowText: tracers[sceneIndex].rowText, rowCells: tracers[sceneIndex].rowCells,
      showsTimings: showingTimings,
      why: inspector.whyPanel.flatMap { name in why(ofPanel: name).map { (name, $0) } })
  }
}
