/// Turns script text into a ``Script``, or the first syntax error with its file, line and column.
///
/// Lines are split on `\n` (a trailing `\r` is dropped) before decoding, so a bad byte in one
/// line cannot hide the next. Every loop advances through the input and every number is range
/// checked, so no input traps, hangs or asks for a huge screen or a long virtual wait.
package enum ScriptParser {
  /// The commands a line may start with, for messages.
  static let commands =
    "size, scene, tree, press, type, bytes, resize, tick, focus, expect, snapshot, cast, svg"
  /// The largest width or height a script may ask for.
  static let maximumDimension = 1000
  /// The longest single `tick`, so a typo cannot make a run fire timers for days.
  static let maximumTick = Duration.seconds(3600)

  /// Parses script text.
  ///
  /// - Parameters:
  ///   - text: The script.
  ///   - file: The name locations use, usually the path.
  /// - Returns: The script.
  /// - Throws: ``ScriptSyntaxError`` at the first line that does not parse.
  package static func parse(_ text: String, file: String) throws(ScriptSyntaxError) -> Script {
    try parse(bytes: Array(text.utf8), file: file)
  }

  /// Parses script bytes, which must be UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The script file's contents.
  ///   - file: The name locations use, usually the path.
  /// - Returns: The script.
  /// - Throws: ``ScriptSyntaxError`` at the first line that does not parse or is not UTF-8.
  package static func parse(bytes: [UInt8], file: String) throws(ScriptSyntaxError) -> Script {
    var script = Script(file: file, size: nil, scene: nil, steps: [])
    var lineNumber = 0
    for var lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if lineBytes.last == 0x0D { lineBytes = lineBytes.dropLast() }
      let text = try decode(Array(lineBytes), file: file, line: lineNumber)
      var line = try ScriptLine(text: text, file: file, number: lineNumber)
      guard !line.tokens.isEmpty else { continue }
      try line.parse(into: &script)
    }
    return script
  }

  /// Decodes one line, or reports the column of its first byte that is not UTF-8.
  static func decode(_ bytes: [UInt8], file: String, line: Int) throws(ScriptSyntaxError)
    -> String
  {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var validBytes = 0
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): validBytes += UTF8.width(scalar)
      case .emptyInput, .error: break decoding
      }
    }
    let prefix = String(decoding: bytes.prefix(validBytes), as: UTF8.self)
    throw ScriptSyntaxError(
      "expected UTF-8 text; this byte is not valid UTF-8",
      at: SourceLocation(file: file, line: line, column: prefix.count + 1))
  }
}
