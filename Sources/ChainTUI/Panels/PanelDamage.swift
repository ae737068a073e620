/// What each piece of a panel layout showed when it was last drawn, so that the next frame of
/// the same layout draws only the pieces whose content changed and keeps the rest of the last
/// frame's cells.
///
/// NB: a key changes a few logs and bodies and moves the lit path, while the panels were all
/// drawn afresh on every frame; what a piece shows is read from counters its panel bumps on
/// every change (``Panel/drawVersions``), so comparing costs a few integers per piece.
struct PanelDamage {
  /// What a frame was drawn with besides the panels: another layout or theme draws afresh.
  struct Setting: Equatable {
    /// ``ScreenLayout/serial`` of the layout drawn.
    let layout: Int
    let colors: Bool
    let showsTimestamps: Bool
  }

  /// What one piece showed: its panel's counters that its drawing reads, as they were after
  /// drawing it.
  struct Signature: Equatable {
    var version = 0
    var count = 0
  }

  /// The lines a log piece showed, so that a log that only moved on (new lines at the bottom,
  /// the oldest scrolled off the top) moves the rows it still shows instead of drawing them.
  struct LogRows: Equatable {
    /// The number of the line in the top row, counted from the log's first line ever
    /// (``PanelLog/dropped`` included): a log is only appended to and cut at the front, so a
    /// number names the same line for as long as the log lives.
    let first: Int
    /// How many rows showed a line, from the top.
    let count: Int
    /// The columns the top row's and the bottom row's markers (`+3 above`) took from their
    /// lines; 0 for none.
    let topMarker: Int
    let bottomMarker: Int

    /// The columns of a row's marker.
    func marker(row: Int) -> Int {
      row == 0 ? topMarker : row == count - 1 ? bottomMarker : 0
    }
  }

  /// What the last frame was drawn with.
  let setting: Setting
  /// One signature per piece of the layout, in its order.
  var signatures: [Signature]
  /// A mark the lit path put in a place's top border.
  struct Mark: Equatable {
    /// The index of the place in the layout's places.
    let place: Int
    /// The text between the brackets, with the replay's pointer if it has one.
    let text: String
    let outcome: FlowPath.Outcome
  }

  /// The marks the lit path put in top borders in the last frame: their top rows are drawn
  /// again unless the next frame puts the same mark there, so no mark outlives its dispatch.
  var marked: [Mark]
  /// The places of ``marked`` whose top rows this frame left as the last frame drew them (the
  /// box unchanged and its mark the same): the lit path need not draw their marks again.
  var keptMarks = PlaceSet()
  /// How many pieces the frame drew; the others kept the last frame's cells.
  var drawn = 0
  /// For each piece that is a log with lines, the lines it showed; `nil` for the others.
  var logRows: [LogRows?] = []
}
