/// The text of the inspector's parts as the last frame drew them, so that a frame drawn over
/// that one draws again only the parts whose text changed.
///
/// NB: a key that adds a record changes the list and the details while the box, its title and
/// the filter line stay as they are; clearing and drawing the whole inspector on every key
/// costs as much as drawing the records' rows.
struct InspectorDrawn: Equatable {
  /// The title in the box's top border.
  var title: String
  /// The filter line as drawn, cut to its row.
  var filterLine: String
  /// The details below the list, `nil` when none were drawn.
  var details: Details?
  /// The list's area and the entries' rows drawn there.
  var list = List(area: Rect(x: 0, y: 0, width: 0, height: 0), rows: [])

  /// The list's entries as drawn: what a frame whose entries moved up moves the rows of.
  struct List: Equatable {
    /// The list's area.
    var area: Rect
    /// Each entry shown, top first (so in the order of the items' numbers).
    var rows: [Row]
  }

  /// One entry of the list as drawn: its item, its first row, and what its rows were drawn for.
  struct Row: Equatable {
    var seq: UInt64
    var y: Int
    var layout: InspectorRowCells.Layout
  }

  /// The details' title before its rule, and the lines below it.
  struct Details: Equatable {
    var title: String
    var lines: [String]
  }
}
