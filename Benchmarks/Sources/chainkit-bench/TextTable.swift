/// A Markdown table padded to line up in a terminal, so one output serves both.
struct TextTable {
  /// Column titles.
  let headers: [String]

  /// Columns whose cells are right-aligned (numbers).
  let numeric: Set<Int>

  /// The cells, one array per row.
  var rows: [[String]] = []

  /// The table as lines of text.
  func render() -> String {
    var widths = headers.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return numeric.contains(column) ? padding + cell : cell + padding
      }
      return "| " + padded.joined(separator: " | ") + " |"
    }
    let rule = widths.enumerated().map { column, width in
      numeric.contains(column)
        ? String(repeating: "-", count: width + 1) + ":"
        : String(repeating: "-", count: width + 2)
    }
    return ([line(headers), "|" + rule.joined(separator: "|") + "|"] + rows.map(line))
      .joined(separator: "\n")
  }

  /// A figure with about three significant digits.
  static func figure(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let magnitude = abs(value)
    let decimals = magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0
    return format(value, decimals: decimals)
  }

  /// `value` with a fixed number of decimals, without Foundation.
  static func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled > 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let digits = String(fraction)
    return sign + String(whole) + "."
      + String(repeating: "0", count: decimals - digits.count) + digits
  }
}
