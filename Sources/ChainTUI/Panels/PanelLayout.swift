/// Where a scene's panels go in an area: each panel's place, and the pieces to draw there in
/// order, worked out once for a state of the panel tree and read by drawing and hit-testing.
///
/// It holds geometry only. What the pieces show (bodies, logs, key lines, the count of lines a
/// log hides) is read when they are drawn, so a frame whose geometry did not change draws new
/// text into the same places without laying anything out.
struct PanelLayout {
  /// One piece of a panel to draw, in the order the pieces are drawn.
  enum Piece {
    /// An open box: cleared, its border and title, its key line and a hidden log's count in
    /// the bottom border; `place` indexes ``PanelLayout/places``.
    case box(Panel, place: Int, focused: Bool)
    /// The one box of a zoomed panel.
    case zoomedBox(Panel, place: Int)
    /// A panel's body lines in a rectangle.
    case body(Panel, Rect)
    /// The dotted row between a leaf's body and its log.
    case dots(Rect)
    /// A panel's log in a rectangle.
    case log(Panel, Rect)
    /// One marked row standing for a panel and the `inside` panels below it.
    case collapsed(Panel, place: Int, focused: Bool, inside: Int)
    /// One row standing for the last panels of a stack that did not get a row each; `places`
    /// indexes ``PanelLayout/places``.
    case folded([Panel], places: Range<Int>, row: Rect)
  }

  /// A container's log whose line count chose rows: the layout holds while the count, cut at
  /// `cap`, is still `used`.
  struct LogWatch {
    let panel: Panel
    let used: Int
    let cap: Int
  }

  /// Every panel placed, parents before children: open boxes and collapsed rows.
  var places: [PanelPlace] = []
  /// What to draw, in order.
  var pieces: [Piece] = []
  /// The logs whose length took part in the layout.
  var watches: [LogWatch] = []

  /// Whether the logs the layout depends on still have the lengths it was made for.
  @MainActor
  var logsHold: Bool {
    // NB: a loop, not `allSatisfy`: a main-actor closure there checks the executor for each
    // log, and the layout is checked on every key and frame.
    for watch in watches where min(watch.panel.log.lines.count, watch.cap) != watch.used {
      return false
    }
    return true
  }
}
