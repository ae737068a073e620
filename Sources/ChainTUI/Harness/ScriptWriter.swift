/// Writes script lines that parse back to what they record, for `--record` and for tools.
///
/// Key names go through ``KeyName/format(_:)``, quoted when the bare name would read as
/// something else: `#` (a comment), `"` (a string) or `\` (an escape inside quotes).
package enum ScriptWriter {
  /// The line that replays one input: `press NAME`, or `resize WxH` for a resize.
  ///
  /// - Parameter key: The key, click or resize.
  /// - Returns: A line that ``ScriptParser`` turns back into the same input.
  package static func line(for key: Key) -> String {
    if case .resize(let width, let height) = key { return "resize \(width)x\(height)" }
    return "press \(quotedIfNeeded(KeyName.format(key)))"
  }

  /// The line that advances the clock by a duration, in whole milliseconds.
  package static func line(forTick duration: Duration) -> String {
    "tick \(duration.wholeMilliseconds)ms"
  }

  /// The line that expects a screen row to be exactly a text.
  package static func line(expectingRow row: Int, is text: String) -> String {
    "expect row \(row) is \(quoted(text))"
  }

  /// A name as a bare word when it reads back as itself, else as a quoted string.
  static func quotedIfNeeded(_ name: String) -> String {
    let needsQuotes =
      name.isEmpty || name.first == "#" || name.contains("\"")
      || name.contains { ScriptLexer.isBlank($0) }
    return needsQuotes ? quoted(name) : name
  }

  /// A text as a quoted string that the lexer reads back as the same text.
  static func quoted(_ text: String) -> String {
    var quoted = "\""
    for character in text {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\t": quoted += "\\t"
      case "\n": quoted += "\\n"
      case "\u{1B}": quoted += "\\e"
      default:
        if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) {
          quoted.append(character)
        } else {
          for scalar in character.unicodeScalars {
            quoted += "\\u{\(String(scalar.value, radix: 16))}"
          }
        }
      }
    }
    return quoted + "\""
  }
}
