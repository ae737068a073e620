import Testing

@testable import ChainTUI

/// Issue 33, items 5 and 8: the help overlay and UsingTheExplorer say everything the mouse does
/// and how to leave it to the terminal.
@Suite("The help's mouse section")
@MainActor
struct HelpMouseTests {
  /// What the mouse does, as the help says it: one phrase per action.
  static let helpPhrases = [
    "--no-mouse", "NO_MOUSE", "a tab: its scene", "a panel: focus it",
    "a key hint in a border or the status line: press it", "an inspector row: select it",
    "scroll the log under the pointer", "over the inspector, move its selection",
  ]

  /// The same, as UsingTheExplorer says it.
  static let guidePhrases = [
    "`--no-mouse`", "`NO_MOUSE`", "a click on a tab switches", "a click on a panel focuses it",
    "a click on a key hint in a panel's border or in the status line presses",
    "a click on an inspector row selects it", "the wheel scrolls the log under the pointer",
    "over the inspector, moves its selection",
  ]

  @Test("the help has a mouse section that names every click, the wheel and how to turn it off")
  func helpNamesEveryMouseAction() throws {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    let lines = app.helpOverlay.lines.map(\.text)
    let header = try #require(lines.firstIndex { $0.hasPrefix("Mouse") }, "no mouse section")
    // The section runs to the next header, which starts in the first column.
    let section = lines[header...].prefix { $0 == lines[header] || $0.hasPrefix(" ") }
      .joined(separator: "\n")
    for phrase in Self.helpPhrases {
      #expect(section.contains(phrase), "the help's mouse section lacks '\(phrase)':\n\(section)")
    }
  }

  @Test("UsingTheExplorer says what every click and the wheel do and how to turn the mouse off")
  func guideNamesEveryMouseAction() throws {
    try #require(!KeyTableTests.guide.isEmpty, "UsingTheExplorer.md not found")
    // Lines of the article are wrapped: compare with single spaces.
    let guide = KeyTableTests.guide.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for phrase in Self.guidePhrases {
      #expect(guide.contains(phrase), "UsingTheExplorer lacks '\(phrase)'")
    }
  }

  @Test("`?` then End, as a terminal sends them, shows the mouse section on screen")
  func mouseSectionOnScreen() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    MouseTests.feed("?\u{1B}[4~", to: app)
    let text = app.render().text
    #expect(app.showsHelp)
    #expect(text.contains("Mouse (off: --no-mouse or NO_MOUSE)"), "\(text)")
    #expect(text.contains("wheel"), "\(text)")
  }
}
