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
  /// What ``title`` was made from: the next frame makes it again only when one of them changed.
  var titleInputs: TitleInputs?
  /// What ``filterLine`` was made from, likewise.
  var filterInputs: FilterInputs?

  /// Everything the title says or depends on.
  struct TitleInputs: Equatable {
    var count: Int
    var unfilteredCount: Int
    var isFiltered: Bool
    var isPaused: Bool
    var unseen: Int
    var width: Int
  }

  /// Everything the filter line says or depends on.
  struct FilterInputs: Equatable {
    var text: String
    var isEditing: Bool
    var scope: Inspector.Scope
    var isPaused: Bool
    var width: Int
  }
  /// The details below the list, `nil` when none were drawn.
  var details: Details?
  /// The dispatch whose hops ``details`` tell, and how; `nil` for any other details (a record
  /// that is not a dispatch, why a panel's listeners ran).
  var detailsSource: DetailsSource?

  /// What a dispatch's details are made from besides the record, which never changes.
  struct DetailsSource: Equatable {
    var id: UInt64
    var showsTimings: Bool
  }
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
