import ChainKit
import ChainKitTracing

/// Draws the inspector: the list of dispatches (nested ones indented, each with its path,
/// per-hop actions and timing) and, below it, the details of the selected one.
@MainActor
struct InspectorView {
  let theme: Theme
  let inspector: Inspector
  let entries: InspectorEntries
  /// The list rows' text, kept across frames by the scene's tracer.
  let rowText: InspectorRowText
  /// The list rows as drawn, kept across frames by the scene's tracer.
  let rowCells: InspectorRowCells
  /// Whether measured wall-clock timings are drawn; headless runs draw `·` in their place, as
  /// no replay can reproduce them.
  let showsTimings: Bool
  /// The panel the details explain instead of the hops, and the explanation.
  let why: (panel: String, lines: [String])?
  init(
    theme: Theme, inspector: Inspector, entries: InspectorEntries, rowText: InspectorRowText,
    rowCells: InspectorRowCells, showsTimings: Bool, why: (panel: String, lines: [String])? = nil
  ) {
    self.why = why
    self.rowText = rowText
    self.rowCells = rowCells
    self.showsTimings = showsTimings
    self.theme = theme
    self.inspector = inspector
    self.entries = entries
  }

  /// Draws the inspector in an area that is blank or holds what `last` says the last frame
  /// drew there, drawing again only the parts whose text changed.
  ///
  /// - Returns: What the area shows now, for the next frame.
  @discardableResult
  func draw(in area: Rect, into grid: inout Grid, unseen: Int, over last: InspectorDrawn?)
    -> InspectorDrawn
  {
    let title = self.title(unseen: unseen, width: area.width)
    if title != last?.title {
      grid.drawBox(area, title: title, style: theme(Style(foreground: .magenta, bold: true)))
    }
    let inner = area.inset(by: 1)
    var drawn = InspectorDrawn(title: title, filterLine: "", details: nil)
    guard !inner.isEmpty else { return drawn }
    let selected = self.selected
    let parts = Self.parts(of: inner)
    drawn.filterLine = filterLine(width: parts.filter.width)
    if drawn.filterLine != last?.filterLine {
      if last != nil { grid.fill(parts.filter) }
      grid.put(
        drawn.filterLine, at: parts.filter.origin, style: theme.hint, maxWidth: parts.filter.width)
    }
    drawn.list = drawList(
      in: parts.list, selected: selected, into: &grid, isBlank: last == nil, over: last?.list)
    if let selected, let position = entries.position(ofID: selected) {
      let item = entries.item(at: position)
      if let record = item.dispatch {
        drawn.details = details(of: record)
      } else {
        drawn.details = InspectorDrawn.Details(
          title: "─ \(item.kind.rawValue) ", lines: [item.summary])
      }
    }
    if let last, drawn.details != last.details { grid.fill(parts.details) }
    if let details = drawn.details, drawn.details != last?.details {
      drawDetails(details, in: parts.details, into: &grid)
    }
    return drawn
  }

  /// The box's title: the count of records (of how many, when filtered) and whether paused.
  private func title(unseen: Int, width: Int) -> String {
    var title =
      !entries.isFiltered
      ? concatenated("Inspector: ", Self.records(entries.count))
      : concatenated(
        "Inspector: ", String(entries.count), " of ", Self.records(entries.unfilteredCount))
    if inspector.isPaused { title += ", paused (\(unseen) new)" }
    // Beside the panels the box can be too narrow for the words: the numbers alone say it
    // ("Inspector: 3 of 12, paused (1 new)"), where a cut title would lose the count of new ones.
    if DisplayWidth.of(title) + Self.titleFrame > width {
      title = concatenated("Inspector: ", String(entries.count))
      if entries.isFiltered { title += concatenated(" of ", String(entries.unfilteredCount)) }
      if inspector.isPaused { title += ", paused (\(unseen) new)" }
    }
    return title
  }

  /// The columns a box's top border takes besides its title: `┌─ ` and ` ─┐`.
  private static let titleFrame = 6

  /// The selected record: the one chosen, else the newest.
  ///
  /// NB: the newest's number read in place: reading the entry copied its record and worked out
  /// its depth.
  private var selected: UInt64? {
    inspector.selectedID ?? (entries.isEmpty ? nil : entries.seq(at: entries.count - 1))
  }

  /// The inside of the box split into the filter line, the list and the details.
  ///
  /// NB: worked out here rather than by ``Layout/split(_:_:_:)``, which makes three arrays on
  /// every frame; the parts are the same (InspectorViewPartsTests).
  static func parts(of inner: Rect) -> (filter: Rect, list: Rect, details: Rect) {
    let height = max(0, inner.height)
    let detailRows = height >= 12 ? min(height / 2, 9) : 0
    let filterHeight = min(1, height)
    let detailsHeight = min(detailRows, height - filterHeight)
    let listHeight = height - filterHeight - detailsHeight
    let row = { (y: Int, height: Int) in
      Rect(x: inner.x, y: inner.y + y, width: inner.width, height: height)
    }
    return (
      row(0, filterHeight), row(filterHeight, listHeight),
      row(filterHeight + listHeight, detailsHeight)
    )
  }

  /// The list rows the inspector shows in an area and the record each shows, for clicks and
  /// the wheel: what ``draw(in:into:unseen:over:)`` would draw there, worked out
  /// without drawing.
  func listRows(in area: Rect) -> [(row: Int, columns: Range<Int>, id: UInt64)] {
    let inner = area.inset(by: 1)
    guard !inner.isEmpty else { return [] }
    let list = Self.parts(of: inner).list
    var rows: [(row: Int, columns: Range<Int>, id: UInt64)] = []
    for shown in shownEntries(in: list, selected: selected) {
      for offset in 0..<shown.lines {
        rows.append((shown.y + offset, list.x..<list.maxX, shown.seq))
      }
    }
    return rows
  }

  /// The entries that fit in the list's area, each with its first row and its count of rows:
  /// the newest that fit or, if the selection is above them, those that fit ending at it.
  private func shownEntries(in area: Rect, selected: UInt64?) -> [(
    position: Int, y: Int, lines: Int, seq: UInt64
  )] {
    guard !area.isEmpty else { return [] }
    let dispatchLines = area.height >= 8 ? 2 : 1
    let entries = entries
    let lines = { (position: Int) in entries.isDispatch(at: position) ? dispatchLines : 1 }
    let selectedIndex = selected.flatMap { entries.position(ofID: $0) } ?? (entries.count - 1)
    var first = Self.firstShown(endingAt: entries.count - 1, height: area.height, lines: lines)
    if selectedIndex < first {
      first = Self.firstShown(endingAt: selectedIndex, height: area.height, lines: lines)
    }
    var shown: [(position: Int, y: Int, lines: Int, seq: UInt64)] = []
    // At most one entry a row: one allocation, not one per doubling.
    shown.reserveCapacity(area.height)
    var y = area.y
    var position = first
    while position < entries.count, y + lines(position) <= area.maxY {
      shown.append((position, y, lines(position), entries.seq(at: position)))
      y += lines(position)
      position += 1
    }
    return shown
  }

  /// The filter line as it fits a row of a width: the filter and the keys beside it.
  private func filterLine(width: Int) -> String {
    let cursor = inspector.isEditingFilter ? "_" : ""
    let filter =
      inspector.filterText.isEmpty && !inspector.isEditingFilter
      ? "/ filter" : "/\(inspector.filterText)\(cursor)"
    var line = concatenated(
      filter, "  f scope: ", inspector.scope.rawValue, "  p ",
      inspector.isPaused ? "resume" : "pause", "  w why")
    if DisplayWidth.of(filter) > width {
      // The end of what is typed is where the cursor is: a long filter loses its start.
      line = Self.tail(filter, to: width)
    }
    return DisplayWidth.clipped(line, to: width)
  }

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
  private func drawList(
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
  private static func firstShown(endingAt last: Int, height: Int, lines: (Int) -> Int) -> Int {
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
    let text: (header: String, hops: String)
    var mark: String
    if let record = item.dispatch {
      mark = record.kind == .request ? "?" : (depth > 0 ? "└" : "•")
      // Past the cap the indent stops growing and the depth is written out instead.
      if depth > Self.maximumIndent { mark += String(depth) }
      text = rowText.text(for: record)
    } else {
      mark = Self.mark(of: item.kind)
      text = (" " + item.summary, "")
    }
    let (style, fillStyle) = headerStyles(layout)
    // The grid is new: blank cells already have the plain style.
    if fillStyle != .plain {
      grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: fillStyle)
    }
    // Piece by piece, as one string would be laid out, without building that string.
    var x = grid.put(indent, at: Point(x: area.x, y: y), style: style, maxWidth: area.width)
    x = grid.put(mark, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    x = grid.put(text.header, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    let time = item.dispatch.map { " " + Self.time($0.elapsedNanoseconds, shown: showsTimings) }
    if let time {
      x = grid.put(time, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
    }
    // A cut row ends with "…" (the layout rule), so nobody takes a clipped path for the whole.
    // NB: measured only when the text reached the edge; most rows stop short of it.
    if x >= area.maxX - 1,
      DisplayWidth.of(indent) + DisplayWidth.of(mark) + DisplayWidth.of(text.header)
        + DisplayWidth.of(time ?? "") > area.width
    {
      grid.put("…", at: Point(x: area.maxX - 1, y: y), style: style)
    }
    let headerEnd = x
    y += 1
    if layout.lines == 2 {
      let x = grid.put(
        indent + "  ", at: Point(x: area.x, y: y), style: theme.hint, maxWidth: area.width)
      let end = grid.put(
        text.hops, at: Point(x: x, y: y), style: theme.hint, maxWidth: area.maxX - x)
      if end >= area.maxX - 1, DisplayWidth.of(indent) + 2 + DisplayWidth.of(text.hops) > area.width
      {
        grid.put("…", at: Point(x: area.maxX - 1, y: y), style: theme.hint)
      }
    }
    return InspectorRowCells.Rows(layout: layout, cells: grid.cells, headerEnd: headerEnd)
  }

  /// The most levels a nested dispatch is indented by (two columns each): a runaway nests 64
  /// deep, which indented in full pushed every row's text off the list.
  static let maximumIndent = 6

  /// The details of a dispatch: why the chosen panel's listeners ran or not, else its hops.
  private func details(of record: DispatchRecord) -> InspectorDrawn.Details {
    if let why {
      return InspectorDrawn.Details(
        title: "─ why \(why.panel) for \(rowText.label(ofID: record.id)) \(record.key) ",
        lines: why.lines)
    }
    let details = rowText.details(for: record, showsTimings: showsTimings)
    return InspectorDrawn.Details(title: details.title, lines: details.lines)
  }

  private func drawDetails(
    _ details: InspectorDrawn.Details, in area: Rect, into grid: inout Grid
  ) {
    guard area.height >= 2 else { return }
    // The title's rule runs to the edge: the title, then "─" for every column left.
    let end = grid.put(
      DisplayWidth.clipped(details.title, to: area.width), at: area.origin, style: theme.hint,
      maxWidth: area.width)
    grid.putRun(Cell("─", style: theme.hint), at: Point(x: end, y: area.y), count: area.maxX - end)
    // Lines wrap at spaces: a reason cut mid-word ("the bubble phase did not re") reads as
    // another reason.
    var y = area.y + 1
    for (offset, line) in details.lines.enumerated() {
      let style = offset == details.lines.count - 1 ? theme.emphasis : .plain
      // Most lines fit: they are put as they are, without the wrap's array of one line.
      if DisplayWidth.of(line) <= max(1, area.width) {
        guard y < area.maxY else { return }
        grid.put(line, at: Point(x: area.x, y: y), style: style, maxWidth: area.width)
        y += 1
        continue
      }
      for piece in TextWrap.lines(line, width: area.width) {
        guard y < area.maxY else { return }
        grid.put(piece, at: Point(x: area.x, y: y), style: style, maxWidth: area.width)
        y += 1
      }
    }
  }
}
