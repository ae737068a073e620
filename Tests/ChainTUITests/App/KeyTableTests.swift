import Foundation
import Testing

@testable import ChainTUI

/// Issue 33, item 8: the help overlay and UsingTheExplorer name every key of the explorer's key
/// table (the global keys a tree file may not bind), and that table holds every key that acts
/// everywhere.
@Suite("The key table, the help and the docs")
@MainActor
struct KeyTableTests {
  /// UsingTheExplorer.md's text, located from this file.
  static let guide: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ChainTUI/ChainTUI.docc/UsingTheExplorer.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// How the help and the guide spell a key of the table: the help's spelling, the guide's.
  private func spellings(_ key: Key, scenes: Int) -> (help: String, guide: String)? {
    switch key {
    case .character(let character) where character.isNumber: ("1-\(scenes)", "`1`-`\(scenes)`")
    case .f: ("F1-F\(scenes)", "`F1`-`F\(scenes)`")
    case .character(let character): (String(character), "`\(character)`")
    case .tab: ("Tab", "`Tab`")
    case .shiftTab: ("S-Tab", "`Shift-Tab`")
    case .up, .down, .left, .right: ("arrows", "arrows")
    case .pageUp: ("PgUp", "`PgUp`")
    case .pageDown: ("PgDn", "`PgDn`")
    case .home: ("Home", "`Home`")
    case .end: ("End", "`End`")
    case .escape: ("esc", "`esc`")
    case .ctrl(let letter): ("Ctrl-\(letter.uppercased())", "`Ctrl-\(letter.uppercased())`")
    default: nil
    }
  }

  /// Whether `token` stands alone in `text`: not part of a longer word.
  private func standsAlone(_ token: String, in text: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: token) {
      let before =
        range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
      let isWord = { (character: Character) in character.isLetter || character.isNumber }
      if !isWord(before) && !(isWord(after) && token.last.map(isWord) == true) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }

  @Test("the help and UsingTheExplorer name every key of the table")
  func helpAndGuideNameEveryKey() throws {
    try #require(!Self.guide.isEmpty, "UsingTheExplorer.md not found")
    let app = AppTest.app(scene: "router")
    let help = app.helpOverlay.lines.map(\.text).joined(separator: "\n")
    for key in TreeFileParser.reservedKeys.keys {
      let spelt = try #require(spellings(key, scenes: app.scenes.count), "no spelling for \(key)")
      #expect(
        standsAlone(spelt.help, in: help), "help lacks \(spelt.help) (\(KeyName.format(key)))")
      #expect(
        Self.guide.contains(spelt.guide), "guide lacks \(spelt.guide) (\(KeyName.format(key)))")
    }
  }

  @Test("every key that acts on a panel without keys of its own is in the table")
  func tableHoldsEveryGlobalKey() throws {
    for key in ModesTests.allKeys {
      switch key {
      case .mouseClick, .mouseWheel, .resize, .unbound: continue
      default: break
      }
      // One scene whose one panel has no keys: whatever acts there is the explorer's own.
      let scene = try TreeTestSupport.scene(
        """
        panel top
          text "no keys here"
        """)
      let app = App(
        size: Size(width: 80, height: 24), colors: false, builtInScenes: false, scenes: [scene])
      app.press(key)
      // 0 names no scene, and says so as a key that does nothing would.
      let ignored =
        app.flash == "\(KeyName.format(key)): no action here" || key == .character("0")
      #expect(
        ignored || TreeFileParser.reservedKeys[key] != nil,
        "\(KeyName.format(key)) acts everywhere but a tree file may bind it")
    }
  }
}
