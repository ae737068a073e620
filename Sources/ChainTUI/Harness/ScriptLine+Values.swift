extension ScriptLine {
  /// A size `WxH`, each side from 1 to ``ScriptParser/maximumDimension``.
  mutating func size() throws(ScriptSyntaxError) -> Size {
    let limit = ScriptParser.maximumDimension
    let expected = "a size WxH such as 80x24 (each side 1 to \(limit))"
    let token = try next(expected)
    let parts = token.text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Self.number(parts[0], upTo: limit),
      let height = Self.number(parts[1], upTo: limit), width >= 1, height >= 1
    else { throw error("expected \(expected), found '\(token.text)'", at: token) }
    return Size(width: width, height: height)
  }

  /// A duration: a whole number followed by `ms` or `s`, at most ``ScriptParser/maximumTick``.
  mutating func duration() throws(ScriptSyntaxError) -> Duration {
    let expected = "a duration such as 1s or 250ms (at most 3600s)"
    let token = try next(expected)
    let text = token.text
    let milliseconds: Int?
    if text.hasSuffix("ms") {
      milliseconds = Self.number(text.dropLast(2), upTo: 3_600_000)
    } else if text.hasSuffix("s") {
      milliseconds = Self.number(text.dropLast(1), upTo: 3600).map { $0 * 1000 }
    } else {
      milliseconds = nil
    }
    guard let milliseconds else {
      throw error("expected \(expected), found '\(text)'", at: token)
    }
    return .milliseconds(milliseconds)
  }

  /// A row number from 0.
  mutating func rowNumber() throws(ScriptSyntaxError) -> Int {
    let expected = "a row number from 0 (the top row) to 9999"
    let token = try next(expected)
    guard let row = Self.number(token.text[...], upTo: 9999) else {
      throw error("expected \(expected), found '\(token.text)'", at: token)
    }
    return row
  }

  /// A key name, as ``KeyName`` parses it; resizes have their own command.
  mutating func key() throws(ScriptSyntaxError) -> Key {
    let token = try next("a key name")
    switch KeyName.parse(token.text) {
    case .success(.resize):
      throw error("expected a key; to resize the screen use 'resize WxH'", at: token)
    case .success(let key):
      return key
    case .failure(let failure):
      throw error(failure.description, at: token)
    }
  }

  /// Decimal digits only (no sign, no blanks), at most `limit`; `nil` otherwise, never a trap.
  static func number(_ text: Substring, upTo limit: Int) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(text), value <= limit
    else { return nil }
    return value
  }
}
