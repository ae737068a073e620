import ChainKit
import ChainKitTracing

/// The inspector's list: which entries it shows, and their rows, drawn or kept.
extension InspectorView {
  /// Two lines per dispatch when there is room (header, then hops), one per other record; the
  /// newest at the bottom, the selected one in view.
  ///
  /// Every entry's rows are copied in whole, except those the area holds already: when the
  /// area holds the list `last` describes, its rows move up by as many rows as the entries it
  /// shares with this list did, and an entry found there with the same layout is left as it
  /// is. The rows below the last entry are cleared unless the area is known to be blank.
  ///
  /// NB: a key adds a record or three while the list shows a dozen or two; copying every
  /// entry's rows in was most of the list's cost.
  ///
  /// - Returns: What the list shows now, for the next frame.
  func drawList(
    in area: Rect, selected: UInt64?, into grid: inout Grid, isBlank: Bool,
    over last: InspectorDrawn.List?
  ) -> InspectorDrawn.List {
    var drawn = InspectorDrawn.List(area: area, rows: [])
    guard !area.isEmpty else { return drawn }
    let shownEntries = shownEntries(in: area, selected: selected)
    let lastRows = !isBlank && last?.area == area ? last?.rows ?? [] : []
    let shift = Self.shift(of: shownEntries, from: lastRows)
    if shift > 0 {
      for y in area.y..<(area.maxY - shift) {
        grid.copyCells(
          from: Point(x: area.x, y: y + shift), to: Point(x: area.x, y: y), count: area.width)
      }
    }
    drawn.rows.reserveCapacity(shownEntries.count)
    var lastIndex = 0
    var end = area.y
    for shown in shownEntries {
      end = shown.y + shown.lines
      let layout = InspectorRowCells.Layout(
        depth: entries.depth(at: shown.position), isSelected: shown.seq == selected,
        width: area.width, lines: shown.lines, colors: theme.colors, showsTimings: showsTimings)
      drawn.rows.append(InspectorDrawn.Row(seq: shown.seq, y: shown.y, layout: layout))
      // Both lists are in the order of the items' numbers: one pass finds the kept entries.
      while lastIndex < lastRows.count, lastRows[lastIndex].seq < shown.seq { lastIndex += 1 }
      if lastIndex < lastRows.count, lastRows[lastIndex].seq == shown.seq,
        lastRows[lastIndex].y - shift == shown.y, lastRows[lastIndex].layout == layout
      {
        continue
      }
      // The item itself is read only when its rows are drawn anew.
      let cells = entryRows(shown.seq, at: shown.position, layout).cells
      grid.putCellRows(cells, rowWidth: area.width, at: Point(x: area.x, y: shown.y))
    }
    if !isBlank { grid.fill(Rect(x: area.x, y: end, width: area.width, height: area.maxY - end)) }
    if entries.isEmpty {
      grid.put(
        entries.unfilteredCount == 0
          ? "no records yet: press a panel's keys" : "no record in this scope or filter",
        at: area.origin, style: theme.hint, maxWidth: area.width)
    }
    return drawn
  }

  /// How many rows up the entries the list shares with the last one moved: the first shared
  /// entry's move, or 0 when none is shared or it moved down (the rows are then not moved).
  private static func shift(
    of shown: [(position: Int, y: Int, lines: Int, seq: UInt64)], from last: [InspectorDrawn.Row]
  ) -> Int {
    var lastIndex = 0
    for entry in shown {
      while lastIndex < last.count, last[lastIndex].seq < entry.seq { lastIndex += 1 }
      guard lastIndex < last.count else { return 0 }
      if last[lastIndex].seq == entry.seq { return max(0, last[lastIndex].y - entry.y) }
    }
    return 0
  }

  /// The first of the entries that fit in `height` rows and end at `last` (at least `last`).
  static func firstShown(endingAt last: Int, height: Int, lines: (Int) -> Int) -> Int {
    guard last >= 0 else { return 0 }
    var first = last
    var used = lines(last)
    while first > 0, used + lines(first - 1) <= height {
      first -= 1
      used += lines(first)
    }
    return first
  }

  /// An entry's rows for a layout, kept for the next frame.
  ///
  /// Kept rows are reused as they are, or restyled when only the selection changed (the text
  /// stays where it was); otherwise they are drawn now.
  private func entryRows(
    _ seq: UInt64, at position: Int, _ layout: InspectorRowCells.Layout
  ) -> InspectorRowCells.Rows {
    if let kept = rowCells.rows(forItem: seq) {
      if kept.layout == layout { return kept }
      // Only the layout is read past here: the rows are restyled in the cache, in place.
      let keptLayout = kept.layout
      if keptLayout.selected(layout.isSelected) == layout,
        let restyled = rowCells.relayout(forItem: seq, to: layout, { restyleHeader(&$0) })
      {
        return restyled
      }
    }
    let drawn = drawEntry(entries.item(at: position), layout)
    rowCells.keep(drawn, forItem: seq)
    return drawn
  }

  /// The styles of an entry's header row: its text's, and the rest of the row's.
  private func headerStyles(_ layout: InspectorRowCells.Layout) -> (text: Style, fill: Style) {
    let text =
      layout.isSelected
      ? theme(Style(bold: true, reverse: true)) : theme(Style(bold: layout.depth == 0))
    return (text, layout.isSelected ? text : .plain)
  }

  /// Gives an entry's header row the styles of its (new) selection state; the hops row does not
  /// depend on it.
  private func restyleHeader(_ rows: inout InspectorRowCells.Rows) {
    let styles = headerStyles(rows.layout)
    let width = rows.layout.width
    let end = min(max(0, rows.headerEnd), width)
    for index in 0..<end { rows.cells[index].style = styles.text }
    for index in end..<width { rows.cells[index].style = styles.fill }
  }

  /// An entry's rows, drawn into a grid of their own: the header (indent, mark, text), then with
  /// two lines the hops.
  private func drawEntry(
    _ item: InspectorItem, _ layout: InspectorRowCells.Layout
  ) -> InspectorRowCells.Rows {
    var grid = Grid(width: layout.width, height: layout.lines)
    let area = grid.bounds
    let depth = layout.depth
    var y = 0
    let indent = String(repeating: "  ", count: min(depth, Self.maximumIndent))
    // The indent is spaces: its width is its length.
    let indentWidth = indent.utf8.count
    // Read once: each read of the dispatch copies it out of the record.
    let dispatch = item.dispatch
    let header: String
    let hops: String
    var mark: String
    // The space before a summary, laid on its own when the summary starts with ASCII (nothing
    // there joins the space), so the row needs no joined copy of the summary.
    var lead = ""
    if let record = dispatch {
      mark = record.kind == .request ? "?" : (depth > 0 ? "└" : "•")
      // Past the cap the indent stops growing and the depth is written out instead.
      if depth > Self.maximumIndent { mark += String(depth) }
      (header, hops) = rowText.text(for: record)
    } else {
      mark = Self.mark(of: item.kind)
      let summary = item.summary
      // NB: not `first.map`: a closure here checks the main actor's executor when called.
      if let first = summary.utf8.first, first >= 0x80 {
        header = " " + summary
      } else {
        (lead, header) = (" ", summary)
      }
      hops = ""
    }
    let (style, fillStyle) = headerStyles(layout)
    // The grid is new: blank cells already have the plain style.
    if fillStyle != .plain {
      grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: fillStyle)
    }
    // Piece by piece, as one string would be laid out, without building that string.
    var x = grid.put(indent, at: Point(x: area.x, y: y), style: style, maxWidth: area.width)
    x = grid.put(mark, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    x = grid.put(lead, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    x = grid.put(header, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    var time: String?
    if let dispatch { time = Self.time(dispatch.elapsedNanoseconds, shown: showsTimings) }
    if let time {
      x = grid.put(" ", at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
      x = grid.put(time, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    }
    // A cut row ends with "…" (the layout rule), so nobody takes a clipped path for the whole.
    // NB: measured only when the text reached the edge; most rows stop short of it.
    if x >= area.maxX - 1,
      indentWidth + DisplayWidth.of(mark) + lead.utf8.count + DisplayWidth.of(header)
        + Self.spacedWidth(time) > area.width
    {
      grid.put("…", at: Point(x: area.maxX - 1, y: y), style: style)
    }
    let headerEnd = x
    y += 1
    if layout.lines == 2 {
      var x = grid.put(indent, at: Point(x: area.x, y: y), style: theme.hint, maxWidth: area.width)
      x = grid.put("  ", at: Point(x: x, y: y), style: theme.hint, maxWidth: area.maxX - x)
      let end = grid.put(hops, at: Point(x: x, y: y), style: theme.hint, maxWidth: area.maxX - x)
      if end >= area.maxX - 1, indentWidth + 2 + DisplayWidth.of(hops) > area.width {
        grid.put("…", at: Point(x: area.maxX - 1, y: y), style: theme.hint)
      }
    }
    return InspectorRowCells.Rows(layout: layout, cells: grid.cells, headerEnd: headerEnd)
  }

  /// The columns of a space and a text after it; none without the text.
  private static func spacedWidth(_ text: String?) -> Int {
    guard let text else { return 0 }
    return 1 + DisplayWidth.of(text)
  }

  /// The most levels a nested dispatch is indented by (two columns each): a runaway nests 64
  /// deep, which indented in full pushed every row's text off the list.
  static let maximumIndent = 6
}
