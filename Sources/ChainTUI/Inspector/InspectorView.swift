import ChainKit

/// Draws the inspector: the list of dispatches (nested ones indented, each with its path,
/// per-hop actions and timing) and, below it, the details of the selected one.
@MainActor
struct InspectorView {
  let theme: Theme
  let inspector: Inspector
  let entries: InspectorEntries
  /// The list rows' text, kept across frames by the scene's tracer.
  let rowText: InspectorRowText
  /// The list rows drawn and the dispatch each shows, for clicks.
  private(set) var rows: [(row: Int, columns: Range<Int>, id: UInt64)] = []

  init(
    theme: Theme, inspector: Inspector, entries: InspectorEntries, rowText: InspectorRowText
  ) {
    self.rowText = rowText
    self.theme = theme
    self.inspector = inspector
    self.entries = entries
  }

  mutating func draw(in area: Rect, into grid: inout Grid, unseen: Int) {
    grid.fill(area)
    var title = "Inspector: \(entries.count) dispatches"
    if inspector.isPaused { title += ", paused (\(unseen) new)" }
    grid.drawBox(area, title: title, style: theme(Style(foreground: .magenta, bold: true)))
    let inner = area.inset(by: 1)
    guard !inner.isEmpty else { return }
    let selected = inspector.selectedID ?? entries.last?.record.id
    let detailRows = inner.height >= 12 ? min(inner.height / 2, 9) : 0
    let parts = Layout.split(
      inner, .vertical, [.fixed(1), Layout.Share(), .fixed(detailRows)])
    drawFilterLine(in: parts[0], into: &grid)
    drawList(in: parts[1], selected: selected, into: &grid)
    if let selected, let position = entries.position(ofID: selected) {
      let record = entries[position].record
      drawDetails(record, in: parts[2], into: &grid)
    }
  }

  private func drawFilterLine(in area: Rect, into grid: inout Grid) {
    let cursor = inspector.isEditingFilter ? "_" : ""
    let filter =
      inspector.filterText.isEmpty && !inspector.isEditingFilter
      ? "/ filter" : "/\(inspector.filterText)\(cursor)"
    let line =
      "\(filter)  f scope: \(inspector.scope.rawValue)  p \(inspector.isPaused ? "resume" : "pause")"
    grid.put(line, at: area.origin, style: theme.hint, maxWidth: area.width)
  }

  /// Two lines per entry when there is room (header, then hops), the newest at the bottom.
  private mutating func drawList(in area: Rect, selected: UInt64?, into grid: inout Grid) {
    guard !area.isEmpty else { return }
    let linesPerEntry = area.height >= 8 ? 2 : 1
    let capacity = max(1, area.height / linesPerEntry)
    let selectedIndex = selected.flatMap { entries.position(ofID: $0) } ?? (entries.count - 1)
    let first = max(0, min(selectedIndex - capacity + 1, entries.count - capacity))
    var y = area.y
    for position in first..<min(entries.count, first + capacity) {
      let (record, depth): (DispatchRecord, Int) = entries[position]
      let isSelected = record.id == selected
      let indent = String(repeating: "  ", count: depth)
      let mark = record.kind == .request ? "?" : (depth > 0 ? "└" : "•")
      let text = rowText.text(for: record)
      let style =
        isSelected ? theme(Style(bold: true, reverse: true)) : theme(Style(bold: depth == 0))
      grid.fill(
        Rect(x: area.x, y: y, width: area.width, height: 1), style: isSelected ? style : .plain)
      // Piece by piece, as one string would be laid out, without building that string.
      var x = grid.put(indent, at: Point(x: area.x, y: y), style: style, maxWidth: area.width)
      x = grid.put(mark, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
      grid.put(text.header, at: Point(x: x, y: y), style: style, maxWidth: area.maxX - x)
      rows.append((y, area.x..<area.maxX, record.id))
      y += 1
      if linesPerEntry == 2 {
        let x = grid.put(
          indent + "  ", at: Point(x: area.x, y: y), style: theme.hint, maxWidth: area.width)
        grid.put(text.hops, at: Point(x: x, y: y), style: theme.hint, maxWidth: area.maxX - x)
        rows.append((y, area.x..<area.maxX, record.id))
        y += 1
      }
    }
    if entries.isEmpty {
      grid.put(
        "no dispatches yet: press a panel's keys", at: area.origin, style: theme.hint,
        maxWidth: area.width)
    }
  }

  private func drawDetails(_ record: DispatchRecord, in area: Rect, into grid: inout Grid) {
    guard area.height >= 2 else { return }
    let details = rowText.details(for: record)
    // The title's rule runs to the edge: the title, then "─" for every column left.
    let end = grid.put(details.title, at: area.origin, style: theme.hint, maxWidth: area.width)
    grid.putRun(Cell("─", style: theme.hint), at: Point(x: end, y: area.y), count: area.maxX - end)
    for (offset, line) in details.lines.prefix(area.height - 1).enumerated() {
      let style = offset == details.lines.count - 1 ? theme.emphasis : .plain
      grid.put(
        line, at: Point(x: area.x, y: area.y + 1 + offset), style: style, maxWidth: area.width)
    }
  }

  /// The details' text of a dispatch: the title before its rule, then the lines below it, the
  /// outcome last.
  static func details(of record: DispatchRecord) -> (title: String, lines: [String]) {
    var lines = [
      "payload \(record.payload)",
      "path \(record.path.joined(separator: " > "))",
    ]
    for hop in record.hops where !hop.passed {
      lines.append(
        "  \(hop.node) \(hop.phase.rawValue): \(DispatchLines.actions(of: hop, in: record)) \(Self.time(hop.elapsedNanoseconds))"
      )
    }
    var outcome = "ran \(record.listenersRun), \(Self.time(record.elapsedNanoseconds))"
    if let answeredBy = record.answeredBy { outcome += ", answered by \(answeredBy)" }
    if record.stopped { outcome += ", stopped" }
    if let parent = record.parent { outcome += ", nested in #\(parent)" }
    lines.append(outcome)
    return ("─ #\(record.id) \(record.kind.rawValue) \(record.key) ", lines)
  }

  /// A duration in the unit that keeps it short: ns, µs or ms.
  static func time(_ nanoseconds: UInt64) -> String {
    if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
    if nanoseconds < 1_000_000 { return "\(nanoseconds / 1_000)µs" }
    return "\(nanoseconds / 1_000_000)ms"
  }
}
