/// A panel's log: the visible lines, and how many are hidden above and below.
extension PanelRenderer {
  /// Draws the visible part of a panel's log and notes its height, so scrolling stops at the
  /// ends.
  ///
  /// Hidden lines show as "+N above" at the end of the top row and "+N below" at the end of
  /// the bottom row; the line on that row is cut (with "…") to make room, never overwritten.
  func drawLog(_ panel: Panel, in area: Rect, into grid: inout Grid) {
    guard !area.isEmpty else { return }
    panel.log.fit(height: area.height)
    let log = panel.log
    if log.lines.isEmpty {
      grid.put(
        DisplayWidth.clipped("(nothing reached here yet)", to: area.width), at: area.origin,
        style: theme.hint, maxWidth: area.width)
      return
    }
    let hidden = log.hidden(height: area.height)
    let (top, bottom) = Self.markers(above: hidden.above, below: hidden.below, rows: area.height)
    // Chosen once per log, not per row: most rows carry no marker.
    let shownTop = Self.fit(top, width: area.width)
    let shownBottom = Self.fit(bottom, width: area.width)
    let range = log.visibleRange(height: area.height)
    for (offset, index) in range.enumerated() {
      let y = area.y + offset
      let shown = offset == 0 ? shownTop : offset == area.height - 1 ? shownBottom : ""
      let reserved = shown.isEmpty ? 0 : DisplayWidth.of(shown)
      let end = area.maxX - reserved
      var x = area.x
      if showsTimestamps {
        x = grid.put(
          DisplayWidth.clipped(Self.stamp(log.times[index]) + " ", to: max(0, end - x)),
          at: Point(x: x, y: y), style: theme.hint, maxWidth: max(0, end - x))
      }
      let shownLine = DisplayWidth.clipped(log.lines[index], to: max(0, end - x))
      grid.put(
        shownLine, at: Point(x: x, y: y), style: theme.logLine(log.lines[index]),
        maxWidth: max(0, end - x))
      if let search, search.panel == ObjectIdentifier(panel) {
        // A cut line keeps its `…`: a match runs up to it, never over it.
        let cut = shownLine != log.lines[index]
        let lineEnd = x + DisplayWidth.of(shownLine) - (cut ? 1 : 0)
        for match in search.search.matches(inLine: log.lines[index], at: index) {
          let at = x + match.column
          guard at < lineEnd else { break }
          grid.put(
            match.text, at: Point(x: at, y: y),
            style: match == search.current ? theme.currentMatch : theme.match,
            maxWidth: lineEnd - at)
        }
      }
      if reserved > 0 {
        grid.put(shown, at: Point(x: end, y: y), style: theme.emphasis, maxWidth: reserved)
      }
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
    let up = above > 0 ? (" +\(above) above", " +\(above)") : ("", "")
    let down = below > 0 ? (" +\(below) below", " +\(below)") : ("", "")
    guard rows > 1 else {
      let both = (up.0 + down.0, up.1 + down.1)
      return (both, both)
    }
    return (up, down)
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
