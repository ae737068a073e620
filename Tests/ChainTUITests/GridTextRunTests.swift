import Testing

@testable import ChainTUI

/// `Grid.put` reads most text straight from its UTF-8 and leaves the rest to character-by-character
/// decoding; both must lay out what the characters say.
@Suite("Grid text runs")
struct GridTextRunTests {
  /// The cells `text` should fill from column 0: one per character of width 1, two per wide
  /// one, none for zero-width ones.
  func expectedCells(_ text: String, style: Style) -> [Cell] {
    var cells: [Cell] = []
    for character in text {
      switch DisplayWidth.of(character) {
      case 0: continue
      case 1: cells.append(Cell(character, style: style))
      default: cells += [Cell(character, style: style), .continuation(style: style)]
      }
    }
    return cells
  }

  @Test(
    "mixed text lays out one cell per character, whichever path reads it",
    arguments: [
      "plain ASCII", "3µs · 12ns", "└ #12 like", "e\u{301}x", "a\u{301}\u{302}b", "ok\r\nnext",
      "\u{600}1 prepend", "中文 wide", "flag 🇫🇷 end", "zwj 👩‍💻 end", "tab\there", "·\u{301}",
      "café", "∑ → ♥ ✓", "a · b ─ c", "x\u{20D0}y", "♥\u{FE0F} ok", "a\u{200D}b",
      "┌─┐ ◆▾⇄ …", "e\u{300}\u{2022}", "•\u{301} end",
    ])
  func mixedText(text: String) {
    let style = Style(bold: true)
    var grid = Grid(width: 40, height: 1)
    let end = grid.put(text, at: Point(x: 0, y: 0), style: style)
    let expected = expectedCells(text, style: style)
    #expect(Array(grid.rowCells(0).prefix(expected.count)) == expected)
    #expect(end == expected.count)
    #expect(grid.rowCells(0).dropFirst(expected.count).allSatisfy { $0 == .blank })
  }

  @Test("a substring is laid out like the string it shows")
  func substring() {
    let text = "id · 3µs done"
    var whole = Grid(width: 20, height: 1)
    var part = Grid(width: 20, height: 1)
    whole.put(String(text.dropFirst(3)), at: Point(x: 1, y: 0))
    part.put(text.dropFirst(3), at: Point(x: 1, y: 0))
    #expect(whole == part)
  }
}
