/// The names of keys in scripts and recordings ("tab", "shift-tab", "ctrl-x", "a"), both ways.
///
/// Parsing never traps: an unknown name is a ``KeyNameError`` value that lists what is accepted.
/// Formatting and parsing round-trip: `parse(format(key)) == .success(key)` for every valid key.
public enum KeyName {
  /// Named keys in their canonical spelling, the one ``format(_:)`` produces.
  static let named: [(name: String, key: Key)] = [
    ("enter", .enter), ("tab", .tab), ("shift-tab", .shiftTab), ("esc", .escape),
    ("backspace", .backspace), ("delete", .delete), ("up", .up), ("down", .down),
    ("left", .left), ("right", .right), ("home", .home), ("end", .end), ("pgup", .pageUp),
    ("pgdn", .pageDown), ("space", .character(" ")),
  ]

  /// Other spellings people type, accepted when parsing but never produced.
  static let aliases: [String: Key] = [
    "return": .enter, "escape": .escape, "backtab": .shiftTab, "del": .delete,
    "pageup": .pageUp, "pagedown": .pageDown,
  ]

  /// Characters allowed after "ctrl-": the letters, which is what terminals send reliably.
  static let controlLetters = Set("abcdefghijklmnopqrstuvwxyz")

  /// Parses a key name; named keys are case-insensitive, a single character is taken as is.
  ///
  /// Accepted: the names in ``KeyNameError/accepted``, "f1" to "f12", "ctrl-" and a letter,
  /// "click:X,Y", or any single character; also "resize:WxH", the name ``format(_:)`` gives a
  /// resize, which is no key a script presses or a panel binds (a script's `resize WxH` is).
  /// Keys without a case of their own parse to ``Key/unbound(_:)``: "insert", "begin", "f13"
  /// to "f63", "kp-0" to "kp-9" and the other keypad keys, and any key after "ctrl-", "alt-",
  /// "shift-" or "meta-" (such as "ctrl-up" or "alt-a") that is not Shift-Tab or Ctrl-letter.
  ///
  /// - Parameter name: The name, as written in a script.
  /// - Returns: The key, or an error naming the input and listing the accepted names.
  public static func parse(_ name: some StringProtocol) -> Result<Key, KeyNameError> {
    let failure = Result<Key, KeyNameError>.failure(KeyNameError(name: String(name)))
    if name.count == 1, let character = name.first { return .success(.character(character)) }
    let lower = name.lowercased()
    if let entry = named.first(where: { $0.name == lower }) { return .success(entry.key) }
    if let key = aliases[lower] { return .success(key) }
    if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last,
      controlLetters.contains(letter)
    {
      return .success(.ctrl(letter))
    }
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number),
      lower.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
    {
      return .success(.f(number))
    }
    if lower.hasPrefix("click:") {
      let parts = lower.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return failure }
      return .success(.mouseClick(x: x, y: y))
    }
    for (prefix, up) in [("wheelup:", true), ("wheeldown:", false)] where lower.hasPrefix(prefix) {
      let parts = lower.dropFirst(prefix.count).split(
        separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return failure }
      return .success(.mouseWheel(up: up, x: x, y: y))
    }
    if lower.hasPrefix("resize:") {
      let parts = lower.dropFirst(7).split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
        width >= 0, height >= 0
      else { return failure }
      return .success(.resize(width: width, height: height))
    }
    if let chord = KeyChord(name: name) { return .success(chord.key) }
    return failure
  }

  /// The canonical name of a key, the one a recording writes.
  ///
  /// - Parameter key: The key to name.
  /// - Returns: A name that ``parse(_:)`` turns back into the same key.
  public static func format(_ key: Key) -> String {
    if let entry = named.first(where: { $0.key == key }) { return entry.name }
    switch key {
    case .character(let character): return String(character)
    case .f(let number): return "f\(number)"
    case .ctrl(let letter): return "ctrl-\(letter)"
    case .mouseClick(let x, let y): return "click:\(x),\(y)"
    case .mouseWheel(let up, let x, let y): return "\(up ? "wheelup" : "wheeldown"):\(x),\(y)"
    case .resize(let width, let height): return "resize:\(width)x\(height)"
    case .unbound(let name): return name
    default: return "\(key)"  // Unreachable: every other case is in `named`.
    }
  }
}

/// A key name that ``KeyName/parse(_:)`` does not know, with the list of names it does.
public struct KeyNameError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name as it was given.
  public let name: String

  /// A summary of every accepted form, for error messages.
  public static let accepted =
    KeyName.named.map(\.name).joined(separator: ", ")
    + ", f1-f12, ctrl-a..ctrl-z, click:X,Y, or a single character"
    + " (keys that do nothing in the explorer: insert, begin, f13-f63, kp-0..kp-9, kp-enter,"
    + " and ctrl-, alt-, shift- or meta- before a key)"

  /// A message naming the bad input and the accepted forms.
  public var description: String {
    "unknown key name '\(name)'; expected one of: \(Self.accepted)"
  }
}
