/// Why a script stopped: the line, what it asked, what went wrong, and the screen at that point.
package struct ScriptFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The failing line.
  package var location: SourceLocation
  /// The line as written, such as `expect row 0 is "Feed"`.
  package var statement: String
  /// What was found instead, or why the step could not run.
  package var reason: String
  /// The screen when the step failed, `nil` if the app could not be started.
  package var screen: Grid?

  package init(location: SourceLocation, statement: String, reason: String, screen: Grid?) {
    self.location = location
    self.statement = statement
    self.reason = reason
    self.screen = screen
  }

  /// `file:line: statement`, the reason, then the screen framed so blank rows and edges show.
  package var description: String {
    var lines = ["\(location.fileAndLine): failed: \(statement)", "  \(reason)"]
    if let screen {
      lines.append(contentsOf: Self.framed(screen))
    }
    return lines.joined(separator: "\n")
  }

  /// The screen inside a frame of `|` and `-`, with its size, for reading in a test log.
  package static func framed(_ screen: Grid) -> [String] {
    let edge = "  +" + String(repeating: "-", count: screen.width) + "+"
    var lines = ["  screen at this point (\(screen.width)x\(screen.height)):", edge]
    for y in 0..<screen.height {
      let row = screen.row(y)
      let padding = max(0, screen.width - DisplayWidth.of(row))
      lines.append("  |" + row + String(repeating: " ", count: padding) + "|")
    }
    lines.append(edge)
    return lines
  }
}
