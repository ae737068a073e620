/// The tab bar and status bar as last drawn, with what they were drawn from.
///
/// NB: the bars change only when the scene, focus, size, modes or flash do, but building
/// their text (labels, tree path, key list) and measuring it was a fifth of a frame; a row of
/// cells copied in is far cheaper.
struct ChromeCache {
  /// What the tab bar shows: the current tab at a width.
  struct TabKey: Equatable {
    let sceneIndex: Int
    let width: Int
    /// ``AppModel/tabsGeneration``: scenes added or retitled.
    let generation: Int
  }

  /// What the status bar shows: the focused panel (by identity, its tree path and keys as of a
  /// ``Panel`` generation), at a width, in the modes open, saying the same lead.
  struct StatusKey: Equatable {
    let panel: ObjectIdentifier?
    let generation: Int
    let width: Int
    /// The modes open, which choose the reminder and the hints.
    let modes: ExplorerModes
    /// The flash or the mode's state, said after the path.
    let lead: String?
  }

  /// The tab bar's cells.
  var tabs: (key: TabKey, cells: ArraySlice<Cell>)?
  /// The status bar's cells.
  var status: (key: StatusKey, cells: ArraySlice<Cell>)?
}

extension App {
  /// Draws the tab bar, or copies it from the last frame that drew the same one.
  func drawCachedTabs(into grid: inout Grid, row: Rect, theme: Theme) {
    let key = ChromeCache.TabKey(
      sceneIndex: sceneIndex, width: row.width, generation: model.tabsGeneration)
    if let cached = caches.chrome.tabs, cached.key == key, row.x == 0, row.width == grid.width {
      grid.setRowCells(row.y, cached.cells)
      return
    }
    drawTabs(into: &grid, row: row, theme: theme)
    caches.chrome.tabs = (key, grid.rowCells(row.y))
  }

  /// Draws the status bar, or copies it from the last frame that drew the same one.
  func drawCachedStatus(into grid: inout Grid, row: Rect, theme: Theme) {
    let key = ChromeCache.StatusKey(
      panel: focusedPanel.map(ObjectIdentifier.init), generation: Panel.generation,
      width: row.width, modes: modes, lead: statusLead)
    if let cached = caches.chrome.status, cached.key == key, row.x == 0, row.width == grid.width {
      grid.setRowCells(row.y, cached.cells)
      return
    }
    drawStatus(into: &grid, row: row, theme: theme)
    caches.chrome.status = (key, grid.rowCells(row.y))
  }
}
