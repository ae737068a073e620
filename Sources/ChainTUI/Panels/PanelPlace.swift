/// Where one panel went on screen: an open box, or one collapsed row.
struct PanelPlace: Equatable {
  /// The box, or the collapsed row.
  var rect: Rect
  /// The panel's name.
  var name: String
  /// The title as drawn in the top border (cut with `…`), or in the collapsed row (the layout
  /// holds the panel's title there; the renderer, the row as drawn).
  var title: String
  /// Whether the panel is collapsed to one marked row (or folded into a `+N more` row).
  var isCollapsed = false
  /// Rows the panel's log was drawn in; `nil` for a collapsed panel or one without a log.
  var logRows: Int?
  /// The key hints in the bottom border of an open box, with the room the whole border gives
  /// them; a hidden log's count drawn there at the right covers the last ones.
  var keyHints: [KeyHintPlace] = []
}
