import ChainEvents

/// Events whose argument labels and names are keywords, as UIKit-style methods have them: the
/// generated payload fields and parameters need backticks.
@ChainEvents
@MainActor
protocol GridEvents {
  func cell(for row: Int, in section: Int)
  func pick(_ default: Int, in section: Int) -> String?
  func mark(`as` label: String)
}

/// Logs each event it hears, and answers a pick.
@MainActor
final class Grid {
  let log: Log
  init(log: Log) { self.log = log }
}

extension Grid: GridEvents {
  func cell(for row: Int, in section: Int) { log.add("cell \(row) in \(section)") }
  func pick(_ default: Int, in section: Int) -> String? { "picked \(`default`) in \(section)" }
  func mark(as label: String) { log.add("marked \(label)") }
}
