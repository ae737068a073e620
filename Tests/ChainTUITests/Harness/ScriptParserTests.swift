import Testing

@testable import ChainTUI

@Suite("Script parser")
struct ScriptParserTests {
  func parse(_ text: String) throws(ScriptSyntaxError) -> Script {
    try ScriptParser.parse(text, file: "t.chaintui")
  }

  func error(_ text: String) -> ScriptSyntaxError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("every command parses to its typed step, with its line and source text")
  func everyCommand() throws {
    let script = try parse(
      """
      # a comment
      size 100x30
      scene domino
      press tab shift-tab f2 ctrl-x "#" q   # trailing comment
      type "hi\\n\\"x\\" \\u{E9}"
      resize 60x20
      tick 250ms
      tick 2s
      focus "Photo panel"
      expect screen contains "a # b"
      expect screen does not contain "zzz"
      expect row 0 is ""
      expect log of Header contains "liked"
      expect event key=like origin=Photo path=Photo>Post>Feed outcome=stopped kind=event
      snapshot after-like
      """)
    #expect(script.size == Size(width: 100, height: 30))
    #expect(script.scene == "domino")
    #expect(
      script.steps.map(\.action) == [
        .press([.tab, .shiftTab, .f(2), .ctrl("x"), .character("#"), .character("q")]),
        .type("hi\n\"x\" é"), .resize(Size(width: 60, height: 20)), .tick(.milliseconds(250)),
        .tick(.seconds(2)), .focus("Photo panel"), .expect(.screenContains("a # b")),
        .expect(.screenDoesNotContain("zzz")), .expect(.row(0, is: "")),
        .expect(.logContains(panel: "Header", text: "liked")),
        .expect(.event(Self.pattern)), .snapshot("after-like"),
      ])
    #expect(script.steps.first?.location == SourceLocation(file: "t.chaintui", line: 4, column: 1))
    #expect(script.steps.first?.source == ##"press tab shift-tab f2 ctrl-x "#" q"##)
  }

  static var pattern: EventPattern {
    var pattern = EventPattern()
    pattern.key = "like"
    pattern.origin = "Photo"
    pattern.path = ["Photo", "Post", "Feed"]
    pattern.outcome = .stopped
    pattern.kind = .event
    return pattern
  }

  @Test(
    "syntax errors give file, line and column and say what was expected",
    arguments: [
      ("jump 3", "t.chaintui:1:1: error: expected a command (size, scene, tree, press"),
      ("size 80 24", "t.chaintui:1:6: error: expected a size WxH such as 80x24"),
      ("press", "t.chaintui:1:6: error: expected a key name here, at the end of the line"),
      ("type hello", "t.chaintui:1:6: error: expected the text to type in double quotes"),
      ("bytes 1b", "t.chaintui:1:7: error: expected the bytes to send in double quotes"),
      ("bytes \"a\" b", "t.chaintui:1:11: error: expected the end of the line after bytes"),
      ("\n  type \"abc", "t.chaintui:2:8: error: expected a closing \""),
      ("type \"a\\qb\"", "t.chaintui:1:8: error: expected an escape"),
      ("tick 5 s", "t.chaintui:1:6: error: expected a duration such as 1s or 250ms"),
      ("tick 99999999999999999999999s", "t.chaintui:1:6: error: expected a duration"),
      ("resize 0x10", "t.chaintui:1:8: error: expected a size WxH"),
      ("expect row -1 is \"\"", "t.chaintui:1:12: error: expected a row number"),
      ("expect screen has \"x\"", "t.chaintui:1:15: error: expected 'contains' or 'does'"),
      ("expect event color=red", "t.chaintui:1:14: error: expected a field (key=,"),
      ("expect event outcome=maybe", "t.chaintui:1:14: error: expected outcome=stopped"),
      ("focus Photo extra", "t.chaintui:1:13: error: expected the end of the line after focus"),
      ("press tab\nsize 80x24", "t.chaintui:2:1: error: expected 'size' before the first action"),
      ("snapshot ../x", "t.chaintui:1:10: error: expected a snapshot name"),
      ("press resize:9999x9999", "t.chaintui:1:7: error: expected a key; to resize"),
    ])
  func syntaxErrors(text: String, message: String) {
    let description = error(text)?.description ?? "no error"
    #expect(description.hasPrefix(message), "\(description)")
  }

  @Test("expect why names a dispatch by event fields up to 'contains', or takes the newest")
  func whyForAPattern() throws {
    let script = try parse(
      """
      expect why container for key=channelID kind=request contains "declined"
      expect why root contains "answered"
      """)
    var pattern = EventPattern()
    pattern.key = "channelID"
    pattern.kind = .request
    #expect(
      script.steps.map(\.action) == [
        .expect(.whyContains(panel: "container", dispatch: pattern, text: "declined")),
        .expect(.whyContains(panel: "root", dispatch: nil, text: "answered")),
      ])
    let failure = error("expect why root for key=x \"answered\"")?.description ?? "no error"
    #expect(failure.hasPrefix("t.chaintui:1:27: error: expected a field"), "\(failure)")
  }

  @Test("a bytes line holds the UTF-8 bytes of its string, escapes resolved")
  func bytesLine() throws {
    let script = try parse(#"bytes "\e[4~é""# + "\nexpect screen contains \"x\"")
    #expect(script.steps.first?.action == .bytes([0x1B, 0x5B, 0x34, 0x7E, 0xC3, 0xA9]))
  }

  @Test("an unknown key name gives KeyName's error, at the key's column")
  func unknownKey() {
    let failure = error("press tab  enterr")
    #expect(failure?.location == SourceLocation(file: "t.chaintui", line: 1, column: 12))
    #expect(failure?.message == KeyName.parse("enterr").failure?.description)
  }

  @Test("a byte that is not UTF-8 is reported at its line and column")
  func invalidUTF8() {
    let bytes = Array("press a\ntype \"é".utf8) + [0xFF, 0x22]
    #expect(throws: ScriptSyntaxError.self) { try ScriptParser.parse(bytes: bytes, file: "b") }
    do {
      _ = try ScriptParser.parse(bytes: bytes, file: "b")
    } catch {
      #expect(error.location == SourceLocation(file: "b", line: 2, column: 8))
    }
  }

  @Test("CRLF line endings, blank lines and comment-only lines are accepted")
  func lineEndings() throws {
    let script = try parse("# c\r\n\r\n  press a\r\n\t# c\r\nexpect row 1 is \"x\"\r\n")
    #expect(script.steps.map(\.action) == [.press([.character("a")]), .expect(.row(1, is: "x"))])
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
