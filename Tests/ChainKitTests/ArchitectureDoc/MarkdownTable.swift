/// The first table after a heading of a markdown document, as rows of cells (the header row and
/// the `|---|` line left out), so the architecture checks read what the document says.
struct MarkdownTable {
  var rows: [[String]]

  /// The table under `heading` (a whole line such as `## Modules`).
  static func after(_ heading: String, in text: String) throws -> MarkdownTable {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: heading) else {
      throw DocumentError(message: "no heading \(heading)")
    }
    var table: [[String]] = []
    var inTable = false
    for line in lines[(start + 1)...] {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("|") else {
        if inTable { break }
        continue
      }
      inTable = true
      table.append(cells(of: line))
    }
    guard table.count >= 2 else { throw DocumentError(message: "no table under \(heading)") }
    // The header row, then the `|---|` line.
    return MarkdownTable(rows: Array(table.dropFirst(2)))
  }

  /// A row's cells, trimmed (a pipe inside backticks is not expected in these tables).
  static func cells(of line: String) -> [String] {
    var parts = line.split(separator: "|", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    parts.removeFirst()
    if parts.last == "" { parts.removeLast() }
    return parts
  }

  /// The text of each backtick span of a cell: "`A`, `B`" → ["A", "B"].
  static func codeSpans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }
}

/// What the document lacks for a check to read it.
struct DocumentError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
