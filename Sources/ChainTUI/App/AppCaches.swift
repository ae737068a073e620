/// What the app worked out from its model and view state and keeps until they change: the
/// layout, the tab and status bars as drawn, and the focused panel as last found.
///
/// Dropping any of it changes no screen and no key's effect, only the cost of the next frame.
struct AppCaches {
  /// The layout of the state it was made for; see ``App/layout``.
  var layout: ScreenLayout?
  /// How many layouts were made, for tests that check a key lays out only when it must.
  var layoutsMade = 0
  /// The tab and status bars of recent frames, redrawn only when what they show changes.
  var chrome = ChromeCache()
  /// The focused panel as last found by name in the scene's tree, with what it was found from.
  var focusMemo: FocusMemo?
  /// The last frame drawn, what its panels and its inspector showed, when the next frame may
  /// start from it and draw only what changed (no overlay or search covered it).
  var frame: (grid: Grid, damage: PanelDamage, inspector: InspectorDrawn?)?
  /// The lit path's marks as last made, with the dispatch and step they were made for.
  var flowMarks: FlowMarks?
  /// The whole-path marks of the last few dispatches lit, with the steps they were made from:
  /// a dispatch that took the same steps as one of them gets its marks.
  ///
  /// NB: keys pressed again and again walk the same paths, and making a path's marks (a table
  /// of joined labels) on every key cost as much as drawing them.
  var recentFlowMarks: [(steps: [FlowPath.Step], marks: FlowMarks.Marks)] = []
}
