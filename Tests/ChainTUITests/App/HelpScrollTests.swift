import Testing

@testable import ChainTUI

/// Help fits small screens by wrapping and scrolling, and advertises only keys that work.
@Suite("Help that fits")
@MainActor
struct HelpScrollTests {
  @Test(
    "at 60x18 and 80x24 every line of help can be scrolled into view, and it stops at the ends",
    arguments: [Size(width: 60, height: 18), Size(width: 80, height: 24)])
  func scrollsToEveryLine(size: Size) {
    let app = AppTest.app(scene: "domino", size: size)
    app.press(.character("?"))
    let first = AppTest.screen(app)
    #expect(first.contains("Keys everywhere"))
    #expect(first.contains("below"))
    app.press(.up)
    #expect(AppTest.screen(app) == first, "scrolling up at the top changed the help")
    app.press(.end)
    let last = AppTest.screen(app)
    #expect(last.contains("above"))
    #expect(!last.contains("below"))
    let tail = app.helpOverlay.lines.last.map { String($0.text.suffix(20)) } ?? ""
    #expect(
      last.replacingOccurrences(of: "\n", with: "").contains(
        tail.split(separator: " ").last ?? "-"))
    app.press(.down)
    #expect(AppTest.screen(app) == last, "scrolling down at the end changed the help")
    app.press(.character("x"))
    #expect(!app.showsHelp)
  }

  @Test("the help is wrapped, not clipped: no line runs into the box's border")
  func wrapsLongLines() {
    let app = AppTest.app(scene: "domino", size: Size(width: 60, height: 18))
    app.press(.character("?"))
    let text = AppTest.screen(app)
    #expect(text.contains("filter, f F scope by kind"))
  }

  @Test("in the bindings scene, help does not offer digits to switch scenes: the field types them")
  func bindingsHelpSkipsTypedKeys() {
    let app = AppTest.app(scene: "bindings", size: Size(width: 100, height: 40))
    #expect(app.focusedPanel?.keys.contains { $0.matches(.character("1")) } == true)
    app.press(.character("?"))
    let text = AppTest.screen(app)
    #expect(text.contains("F1-F6"))
    #expect(!text.contains("1-6, F1-F6"))
  }

  @Test("text wraps at spaces to a hanging indent and cuts words longer than a line")
  func textWrap() {
    #expect(
      TextWrap.lines("  a    one two three", width: 16) == ["  a    one two", "       three"])
    #expect(TextWrap.lines("short", width: 10) == ["short"])
    #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }
}
