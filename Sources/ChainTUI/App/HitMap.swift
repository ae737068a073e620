/// Where the layout puts the tabs, panels and inspector rows, so a mouse click (and arrow keys
/// moving focus by direction) can find what is under a cell; see ``App/currentHits()``.
struct HitMap {
  /// The column range of each tab on the top row, by scene index.
  var tabs: [(columns: Range<Int>, scene: Int)] = []
  /// Each panel placed (an open box or a collapsed row), parents before children.
  var panels: [PanelPlace] = []
  /// Inspector list rows and the dispatch id each shows.
  var inspectorRows: [(row: Int, columns: Range<Int>, id: UInt64)] = []
  /// Where the inspector is, when it is shown: the wheel there moves its selection.
  var inspectorArea: Rect?
  /// Key hints shown in panels' borders and the status line: the key a click presses, and the
  /// panel whose key it is.
  var keyHints: [KeyHit] = []

  /// The scene whose tab covers a cell of the top row.
  func tab(at point: Point) -> Int? {
    guard point.y == 0 else { return nil }
    return tabs.first { $0.columns.contains(point.x) }?.scene
  }

  /// The innermost panel covering a cell.
  func panel(at point: Point) -> String? {
    panels.last { $0.rect.contains(point) }?.name
  }

  /// The rectangle a panel was drawn in.
  func rect(of name: String) -> Rect? {
    panels.first { $0.name == name }?.rect
  }

  /// The key hint under a cell.
  func keyHint(at point: Point) -> KeyHit? {
    keyHints.first { $0.row == point.y && $0.columns.contains(point.x) }
  }

  /// The dispatch shown on an inspector row.
  func inspectorEntry(at point: Point) -> UInt64? {
    inspectorRows.first { $0.row == point.y && $0.columns.contains(point.x) }?.id
  }
}

/// A key hint on screen that a click presses.
struct KeyHit: Equatable {
  /// The row the hint is on.
  var row: Int
  /// The columns of the hint as drawn.
  var columns: Range<Int>
  /// The key pressed.
  var key: Key
  /// The panel whose key it is, which the click focuses first.
  var panel: String
}
