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
    let (seconds, attoseconds) = duration.components
    return "tick \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
  }

  /// A name as a bare word when it reads back as itself, else as a quoted string.
  static func quotedIfNeeded(_ name: String) -> String {
    let needsQuotes =
      name.isEmpty || name.first == "#" || name.contains("\"")
      || name.contains { ScriptLexer.isBlank($0) }
    guard needsQuotes else { return name }
    var quoted = "\""
    for character in name {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\t": quoted += "\\t"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }
}
