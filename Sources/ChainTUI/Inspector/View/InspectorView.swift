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
    // NB: the title and the filter line are made again only when what they say changed: a key
    // usually changes neither, and making them cost more than comparing what they depend on.
    let titleInputs = InspectorDrawn.TitleInputs(
      count: entries.count, unfilteredCount: entries.unfilteredCount,
      isFiltered: entries.isFiltered, isPaused: inspector.isPaused, unseen: unseen,
      width: area.width)
    let title =
      (last?.titleInputs == titleInputs ? last?.title : nil)
      ?? self.title(unseen: unseen, width: area.width)
    if title != last?.title {
      grid.drawBox(area, title: title, style: theme(Style(foreground: .magenta, bold: true)))
    }
    let inner = area.inset(by: 1)
    var drawn = InspectorDrawn(
      title: title, filterLine: "", titleInputs: titleInputs, filterInputs: nil, details: nil)
    guard !inner.isEmpty else { return drawn }
    let selected = self.selected
    let parts = Self.parts(of: inner)
    let filterInputs = InspectorDrawn.FilterInputs(
      text: inspector.filterText, isEditing: inspector.isEditingFilter, scope: inspector.scope,
      isPaused: inspector.isPaused, width: parts.filter.width)
    drawn.filterInputs = filterInputs
    drawn.filterLine =
      (last?.filterInputs == filterInputs ? last?.filterLine : nil)
      ?? filterLine(width: parts.filter.width)
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
        // The same dispatch's details as the last frame's are those details: a kept record
        // never changes, and a frame with no new record would make them again.
        let source =
          why == nil
          ? InspectorDrawn.DetailsSource(id: record.id, showsTimings: showsTimings) : nil
        if let source, let last, last.detailsSource == source {
          drawn.details = last.details
        } else {
          drawn.details = details(of: record)
        }
        drawn.detailsSource = source
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
  func shownEntries(in area: Rect, selected: UInt64?) -> [(
    position: Int, y: Int, lines: Int, seq: UInt64
  )] {
    guard !area.isEmpty else { return [] }
    let dispatchLines = area.height >= 8 ? 2 : 1
    let entries = entries
    let lines = { (position: Int) in entries.isDispatch(at: position) ? dispatchLines : 1 }
    var selectedIndex = entries.count - 1
    if let selected, let position = entries.position(ofID: selected) { selectedIndex = position }
    var first = Self.firstShown(endingAt: entries.count - 1, height: area.height, lines: lines)
    if selectedIndex < first {
      first = Self.firstShown(endingAt: selectedIndex, height: area.height, lines: lines)
    }
    var shown: [(position: Int, y: Int, lines: Int, seq: UInt64)] = []
    // At most one entry a row: one allocation, not one per doubling.
    shown.reserveCapacity(area.height)
    var y = area.y
    var position = first
    while position < entries.count {
      // Read once per entry: each read looks the item up through the filter's positions.
      let count = lines(position)
      guard y + count <= area.maxY else { break }
      shown.append((position, y, count, entries.seq(at: position)))
      y += count
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
