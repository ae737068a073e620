/// A place in a script: file, line and column, both counted from 1.
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file, as given to the parser.
  package var file: String
  /// The line, from 1.
  package var line: Int
  /// The column in characters, from 1.
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, the form editors and compilers use.
  package var description: String { "\(file):\(line):\(column)" }

  /// `file:line`, for failures that concern a whole line.
  package var fileAndLine: String { "\(file):\(line)" }
}

/// A script that does not parse: where, and what was expected there.
package struct ScriptSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where the problem starts.
  package var location: SourceLocation
  /// What was expected, or why the text there is wrong.
  package var message: String

  package init(_ message: String, at location: SourceLocation) {
    self.location = location
    self.message = message
  }

  /// `file:line:column: error: message`.
  package var description: String { "\(location): error: \(message)" }
}
