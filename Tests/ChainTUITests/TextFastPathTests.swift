import Testing

@testable import ChainTUI

/// The fast paths that read text as UTF-8 (widths, cuts, log line colours) give what the
/// character-by-character rules give, for text they take and text they leave to those rules.
@Suite("Text read as bytes")
struct TextFastPathTests {
  static let texts = [
    "", "bub share from actions1: handled", "• #12 like actions1>post1>feedList ·",
    "└─ ♥ liked · 12  shared 3 → ok…", "café déjà", "e\u{301}tude", "wide 世界 text",
    "emoji 😀 and ❤️ here", "soft\u{AD}hyphen", "c1\u{85}control", "1\u{FE0F}\u{20E3} keycap",
    "tab\there", "crlf\r\nend", "abc\u{300}",
  ]

  /// The width by characters, as the general path measures it.
  static func characterWidth(_ text: String) -> Int {
    text.reduce(0) { $0 + DisplayWidth.of($1) }
  }

  /// The cut by characters, as the general path makes it.
  static func characterClip(_ text: String, to columns: Int) -> String {
    guard characterWidth(text) > columns else { return text }
    guard columns > 0 else { return "" }
    var kept = ""
    var width = 0
    for character in text {
      let next = DisplayWidth.of(character)
      guard width + next <= columns - 1 else { break }
      kept.append(character)
      width += next
    }
    return kept + "…"
  }

  @Test("a width read from the scalars is the width of the characters", arguments: texts)
  func widths(text: String) {
    #expect(DisplayWidth.of(text) == Self.characterWidth(text))
    #expect(DisplayWidth.of(text.dropFirst()) == Self.characterWidth(String(text.dropFirst())))
  }

  @Test("a cut made from the scalars is the cut made by characters", arguments: texts)
  func cuts(text: String) {
    for columns in 0...(Self.characterWidth(text) + 1) {
      #expect(DisplayWidth.clipped(text, to: columns) == Self.characterClip(text, to: columns))
    }
  }

  @Test("writing cut text in place draws what writing the cut string draws", arguments: texts)
  func putClipped(text: String) {
    for columns in 0...(Self.characterWidth(text) + 1) {
      var fast = Grid(width: 40, height: 1)
      var slow = Grid(width: 40, height: 1)
      let fastEnd = fast.putClipped(
        text, at: Point(x: 1, y: 0), style: .plain, maxWidth: columns)
      let slowEnd = slow.put(
        DisplayWidth.clipped(text, to: columns), at: Point(x: 1, y: 0), maxWidth: columns)
      #expect(fast == slow, "\(columns) columns")
      #expect(fastEnd == slowEnd, "\(columns) columns")
    }
  }

  /// Text written one character at a time, each with the room left before `limit`: what
  /// writing the whole text up to that limit must draw.
  static func characterPut(_ text: String, into grid: inout Grid, from x: Int, limit: Int) -> Int {
    var x = x
    for character in text {
      let next = grid.put(String(character), at: Point(x: x, y: 0), maxWidth: max(0, limit - x))
      if next == x, DisplayWidth.of(character) > 0 { break }
      x = next
    }
    return x
  }

  @Test(
    "text written up to a limit draws what writing it character by character draws",
    arguments: texts + [String(repeating: "long line ", count: 12) + "e\u{301}nd"])
  func putUpToLimit(text: String) {
    for columns in 0...(Self.characterWidth(text) + 1) {
      var fast = Grid(width: 40, height: 1)
      var slow = Grid(width: 40, height: 1)
      let fastEnd = fast.put(text, at: Point(x: 1, y: 0), maxWidth: columns)
      let slowEnd = Self.characterPut(text, into: &slow, from: 1, limit: 1 + columns)
      #expect(fast == slow, "\(columns) columns")
      #expect(fastEnd == slowEnd, "\(columns) columns")
    }
  }

  /// The colour rules by characters.
  static func characterKind(_ line: String) -> LogLineKind {
    if line.contains("error:") || line.contains(" threw") || line.contains(": refused: ") {
      return .error
    }
    if line.hasSuffix(": passed") { return .passed }
    if line.hasPrefix("cap ") { return .capture }
    if line.hasPrefix("tgt ") { return .target }
    if line.hasPrefix("bub ") { return .bubble }
    if line.hasPrefix("req ") { return .request }
    return .plain
  }

  @Test(
    "a log line's colour read from its bytes is the one its characters give",
    arguments: [
      "cap like at post1: handled", "tgt like at actions1: passed", "bub share: handled",
      "req pageSize? answered", "bub like: error: boom", "tgt x: listener threw",
      "req y: refused: runaway", "plain words", "cap ", "bub", "error:", ": passed",
      "x: passed ", "bub é: passed", "tgt café threw", "req \u{301}x", "",
    ])
  func logLineKinds(line: String) {
    #expect(LogLineKind(line) == Self.characterKind(line))
  }

  @Test("text joined by copying bytes is the text joined as strings", arguments: texts)
  func joinedBytes(text: String) {
    let long = String(repeating: text + " long", count: 4)
    let parts = [text, "", " · ", long, text, "x"]
    #expect(concatenated(text, "", " · ", long, text, "x") == parts.joined())
    #expect(concatenated(text) == text)
    #expect(concatenated() == "")
    #expect(joined(parts, separator: ">") == parts.joined(separator: ">"))
    let marked = parts.map { "'" + $0 + "'" }.joined(separator: ", ")
    #expect(
      joined(parts, separator: ", ", marking: "'", opening: "<", closing: ">") == "<\(marked)>")
    #expect(joined([], separator: ", ", marking: "'", opening: "[", closing: "]") == "[]")
    #expect(
      joined(parts, separator: ">", opening: text)
        == text + parts.joined(separator: ">"))
  }
}
