import ChainTUITesting
import Testing

@testable import ChainTUI

/// The explorer fed the bytes real terminals send for keys it does not bind, or binds to
/// something else than a scene switch: none of them may switch the scene or clear the
/// inspector's filter, as their bytes read one by one (Esc, `[`, `4`, `~`) would.
@Suite("Keys from a real terminal")
@MainActor
struct TerminalBytesTests {
  /// Sequences for keys that may scroll or move a selection but never switch scenes or touch
  /// the filter.
  nonisolated static let movingKeys: [TerminalKeySequence] =
    (TerminalKeySequences.all).filter {
      ["Home", "End", "PgUp", "PgDn", "Home (app)", "End (app)"].contains($0.key)
    }
    + ["\u{1B}[18~", "\u{1B}[19~", "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~"]
    .enumerated().map { .init("xterm", "F\($0.offset + 7)", $0.element, .f($0.offset + 7)) }

  /// Sequences for keys the explorer does not bind, and sequences that are no key at all.
  nonisolated static let idleKeys: [TerminalKeySequence] =
    TerminalKeySequences.all.filter {
      if case .unbound = $0.expected { return true }
      return $0.expected == nil && !$0.bytes.isEmpty
    }

  /// The model scene at 80x24 with the inspector open and its filter set to "ab".
  static func filteredApp() -> HeadlessDriver {
    let driver = HeadlessDriver(app: AppTest.app(scene: "model"))
    driver.feed(bytes: Array("i/ab\r".utf8))
    return driver
  }

  @Test(
    "Home, End, paging and F7-F12 as terminals send them keep the scene and the filter",
    arguments: movingKeys)
  func movingKeysKeepSceneAndFilter(sequence: TerminalKeySequence) {
    let driver = Self.filteredApp()
    #expect(driver.app.inspector.filterText == "ab")
    driver.feed(bytes: sequence.bytes)
    #expect(driver.app.scene.id == "model")
    #expect(driver.app.inspector.filterText == "ab")
    #expect(driver.app.inspector.isVisible)
  }

  @Test(
    "an unbound key only says so in the status line; an unknown sequence leaves no trace",
    arguments: idleKeys)
  func idleKeysChangeNothing(sequence: TerminalKeySequence) {
    let driver = Self.filteredApp()
    let before = driver.render().text
    driver.feed(bytes: sequence.bytes)
    #expect(driver.app.scene.id == "model")
    #expect(driver.app.inspector.filterText == "ab")
    let after = driver.render().text
    if let key = sequence.expected {
      // A key the explorer knows by name but binds to nothing says so in the status line, and
      // changes nothing else; a sequence that is no key leaves no trace at all.
      #expect(Self.aboveStatusLine(after) == Self.aboveStatusLine(before))
      let flash = "\(KeyName.format(key)): no action here"
      #expect(Self.statusLine(after).contains(flash), "no '\(flash)' in the status line")
    } else {
      #expect(after == before)
    }
  }

  /// The screen's rows above its last one, the status line.
  static func aboveStatusLine(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  }

  /// The screen's last row, the status line.
  static func statusLine(_ text: String) -> Substring {
    text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
  }

  @Test("a session fed End, Home and Insert as tmux sends them stays on its scene")
  func sessionStaysOnScene() throws {
    let session = try HeadlessSession(scene: "model")
    let before = session.screenText
    session.feed(bytes: "\u{1B}[2~\u{1B}[42~\u{1B}[200~\u{1B}[1;5A\u{1B}a".utf8)
    #expect(Self.aboveStatusLine(session.screenText) == Self.aboveStatusLine(before))
    #expect(Self.statusLine(session.screenText).contains("alt-a: no action here"))
    session.feed(bytes: "\u{1B}[4~\u{1B}[1~".utf8)
    try session.runScript("expect screen contains \"Model tree\"")
    session.feed(bytes: "2".utf8)
    #expect(session.screenText != before)
  }

  @Test("a script's bytes line sends terminal bytes through the decoder")
  func scriptBytes() throws {
    let session = try HeadlessSession(scene: "model")
    let before = session.screenText
    try session.runScript(#"bytes "\e[4~\e[42~\e[2~""#)
    #expect(Self.aboveStatusLine(session.screenText) == Self.aboveStatusLine(before))
    #expect(Self.statusLine(session.screenText).contains("insert: no action here"))
    try session.runScript(#"bytes "\e""#)
    try session.runScript(#"bytes "4""#)
    #expect(session.screenText != before)
  }
}
