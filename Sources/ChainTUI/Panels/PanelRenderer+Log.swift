/// A panel's log: the visible lines, and how many are hidden above and below.
extension PanelRenderer {
  /// Draws the visible part of a panel's log and notes its height, so scrolling stops at the
  /// ends.
  ///
  /// Hidden lines show as "+N above" at the end of the top row and "+N below" at the end of
  /// the bottom row; the line on that row is cut (with "…") to make room, never overwritten.
  ///
  /// A log whose area holds the rows `last` describes, and that moved on by fewer lines than
  /// it has rows, moves up the rows it still shows (but those with a marker, then or now) and
  /// draws the others.
  ///
  /// - Parameters:
  ///   - panel: The panel whose log is drawn.
  ///   - area: Where the log goes.
  ///   - grid: The grid.
  ///   - last: The lines the area shows from the last frame; `nil` draws every row.
  ///   - isBlank: Whether the area is blank; otherwise the rows drawn are cleared first.
  /// - Returns: The lines shown, for the next frame; `nil` when the log is empty.
  @discardableResult
  func drawLog(
    _ panel: Panel, in area: Rect, into grid: inout Grid, over last: PanelDamage.LogRows?,
    isBlank: Bool
  ) -> PanelDamage.LogRows? {
    guard !area.isEmpty else { return nil }
    panel.log.fit(height: area.height)
    let log = panel.log
    if log.lines.isEmpty {
      if !isBlank { grid.fill(area) }
      grid.put(
        DisplayWidth.clipped("(nothing reached here yet)", to: area.width), at: area.origin,
        style: theme.hint, maxWidth: area.width)
      return nil
    }
    let hidden = log.hidden(height: area.height)
    let (top, bottom) = Self.markers(above: hidden.above, below: hidden.below, rows: area.height)
    // Chosen once per log, not per row: most rows carry no marker.
    let shownTop = Self.fit(top, width: area.width)
    let shownBottom = Self.fit(bottom, width: area.width)
    let range = log.visibleRange(height: area.height)
    let rows = PanelDamage.LogRows(
      first: log.dropped + range.lowerBound, count: range.count,
      topMarker: DisplayWidth.of(shownTop), bottomMarker: DisplayWidth.of(shownBottom))
    // NB: `if let`, not `flatMap`: a closure here checks the main actor's executor when called.
    var moved: LogRowsMove?
    if let last { moved = Self.rowsMoved(from: last, to: rows, height: area.height) }
    if let moved {
      // Moved by none, the kept rows are in place already.
      for row in 0..<area.height where moved.by > 0 && moved.keeps(row) {
        grid.copyCells(
          from: Point(x: area.x, y: area.y + row + moved.by), to: Point(x: area.x, y: area.y + row),
          count: area.width)
      }
    } else if !isBlank {
      grid.fill(area)
    }
    var searched: (panel: ObjectIdentifier, search: LogSearch, current: LogSearch.Match?)?
    if let search, search.panel == ObjectIdentifier(panel) { searched = search }
    for (offset, index) in range.enumerated() {
      if moved?.keeps(offset) == true { continue }
      let y = area.y + offset
      if moved != nil { grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1)) }
      let reserved = rows.marker(row: offset)
      let shown = offset == 0 ? shownTop : shownBottom
      let end = area.maxX - reserved
      var x = area.x
      if showsTimestamps {
        x = grid.put(
          DisplayWidth.clipped(Self.stamp(log.times[index]) + " ", to: max(0, end - x)),
          at: Point(x: x, y: y), style: theme.hint, maxWidth: max(0, end - x))
      }
      let line = log.lines[index]
      let room = max(0, end - x)
      if let searched {
        drawSearched(
          line, at: index, search: searched, from: Point(x: x, y: y), room: room, into: &grid)
      } else {
        grid.putClipped(line, at: Point(x: x, y: y), style: theme.logLine(line), maxWidth: room)
      }
      if reserved > 0 {
        grid.put(shown, at: Point(x: end, y: y), style: theme.emphasis, maxWidth: reserved)
      }
    }
    return rows
  }

  /// How far the lines of a full log view moved up since the last frame; `nil` when the views
  /// are not both full or the log did not move on by less than a view.
  static func rowsMoved(
    from last: PanelDamage.LogRows, to now: PanelDamage.LogRows, height: Int
  ) -> LogRowsMove? {
    guard last.count == height, now.count == height else { return nil }
    let by = now.first - last.first
    guard by >= 0, by < height else { return nil }
    return LogRowsMove(by: by, last: last, now: now)
  }

  /// Draws a log line of the panel a search is in, cut to `room` columns, with the search's
  /// matches in it highlighted.
  private func drawSearched(
    _ line: String, at index: Int,
    search: (panel: ObjectIdentifier, search: LogSearch, current: LogSearch.Match?),
    from point: Point, room: Int, into grid: inout Grid
  ) {
    let shownLine = DisplayWidth.clipped(line, to: room)
    grid.put(shownLine, at: point, style: theme.logLine(line), maxWidth: room)
    // A cut line keeps its `…`: a match runs up to it, never over it.
    let cut = shownLine != line
    let lineEnd = point.x + DisplayWidth.of(shownLine) - (cut ? 1 : 0)
    for match in search.search.matches(inLine: line, at: index) {
      let at = point.x + match.column
      guard at < lineEnd else { break }
      grid.put(
        match.text, at: Point(x: at, y: point.y),
        style: match == search.current ? theme.currentMatch : theme.match,
        maxWidth: lineEnd - at)
    }
  }

  /// The full marker when it leaves half the row to the line, else the short one if it fits.
  static func fit(_ marker: (full: String, short: String), width: Int) -> String {
    guard !marker.full.isEmpty else { return "" }
    if DisplayWidth.of(marker.full) * 2 <= width { return marker.full }
    return DisplayWidth.of(marker.short) <= width ? marker.short : ""
  }

  /// The markers of the top and bottom rows, each in full (" +3 above") and short (" +3");
  /// one row carries both.
  static func markers(above: Int, below: Int, rows: Int) -> (
    top: (full: String, short: String), bottom: (full: String, short: String)
  ) {
    // NB: a count's digits made once and joined with `+`: the markers are short enough to stay
    // inline strings, which interpolation or a joined buffer would allocate for.
    let up = above > 0 ? Self.marker(above, " above") : ("", "")
    let down = below > 0 ? Self.marker(below, " below") : ("", "")
    guard rows > 1 else {
      let both = (up.0 + down.0, up.1 + down.1)
      return (both, both)
    }
    return (up, down)
  }

  /// A marker in full (" +3 above") and short (" +3").
  private static func marker(_ count: Int, _ word: String) -> (full: String, short: String) {
    let short = " +" + String(count)
    return (short + word, short)
  }

  /// A log line's time on the app's clock, as seconds with milliseconds ("12.345s"); "-" for a
  /// line noted without a clock.
  static func stamp(_ time: Duration?) -> String {
    guard let time else { return "      -" }
    let milliseconds = max(0, Int(time / .milliseconds(1)))
    let fraction = String(milliseconds % 1000)
    let seconds = String(milliseconds / 1000)
    return String(repeating: " ", count: max(0, 2 - seconds.count)) + seconds + "."
      + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
  }
}

/// How the lines of a full log view moved up between two frames, and which rows of the new
/// view can be moved up from the old one: those that show a line the old view showed, with no
/// marker in either.
struct LogRowsMove {
  /// How many lines the view moved on.
  let by: Int
  let last: PanelDamage.LogRows
  let now: PanelDamage.LogRows

  /// Whether row `row` of the new view is row `row + by` of the old one, drawn the same.
  func keeps(_ row: Int) -> Bool {
    row + by < last.count && last.marker(row: row + by) == 0 && now.marker(row: row) == 0
  }
}
