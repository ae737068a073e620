import Testing

@testable import ChainTUI

@Suite("Grid")
struct GridTests {
  @Test("text is written at its position and rows are trimmed of trailing spaces")
  func put() {
    var grid = Grid(width: 8, height: 2)
    let end = grid.put("hi", at: Point(x: 1, y: 1))
    #expect(end == 3)
    #expect(grid.text == "\n hi")
    #expect(grid.row(1) == " hi")
    #expect(grid.cell(at: Point(x: 2, y: 1))?.character == "i")
  }

  @Test(
    "writes are clipped at every edge",
    arguments: [
      (Point(x: -2, y: 0), "cdef"), (Point(x: 3, y: 0), "   abcd"), (Point(x: 0, y: -1), ""),
      (Point(x: 0, y: 2), ""), (Point(x: 6, y: 0), "      a"), (Point(x: 7, y: 0), ""),
      (Point(x: -9, y: 0), ""),
    ])
  func clipping(at point: Point, expectedRow0: String) {
    var grid = Grid(width: 7, height: 2)
    grid.put("abcdef", at: point)
    #expect(grid.row(0) == expectedRow0)
    #expect(grid.row(1) == "")
    #expect(grid.invariantViolations.isEmpty)
  }

  @Test("maxWidth clips text, and a negative maxWidth writes nothing")
  func maxWidth() {
    var grid = Grid(width: 10, height: 1)
    #expect(grid.put("abcdef", at: Point(x: 1, y: 0), maxWidth: 3) == 4)
    #expect(grid.text == " abc")
    grid.put("zzz", at: Point(x: 0, y: 0), maxWidth: -1)
    #expect(grid.text == " abc")
  }

  @Test("0x0 and 1x1 grids accept every operation")
  func tinyGrids() {
    for size in [
      Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 0, height: 3),
      Size(width: 3, height: 0), Size(width: -4, height: -4),
    ] {
      var grid = Grid(size: size)
      grid.put("世界abc", at: Point(x: 0, y: 0))
      grid.put("x", at: Point(x: -1, y: -1))
      grid.put("世", at: Point(x: -1, y: 0))
      grid.fill(Rect(x: -3, y: -3, width: 10, height: 10), with: "#")
      grid.drawBox(Rect(x: 0, y: 0, width: 5, height: 5), title: "T")
      grid.drawBox(grid.bounds, title: "T", ascii: true)
      _ = grid.text
      _ = grid.row(-1)
      _ = grid.row(99)
      #expect(grid.cell(at: Point(x: 1, y: 1)) == nil)
      #expect(grid.invariantViolations.isEmpty)
    }
  }

  @Test("a wide glyph takes a leading and a continuation cell")
  func wideGlyph() throws {
    var grid = Grid(width: 6, height: 1)
    #expect(grid.put("a世b", at: Point(x: 0, y: 0)) == 4)
    #expect(grid.text == "a世b")
    let lead = try #require(grid.cell(at: Point(x: 1, y: 0)))
    let continuation = try #require(grid.cell(at: Point(x: 2, y: 0)))
    #expect(lead.character == "世" && !lead.isContinuation)
    #expect(continuation.isContinuation)
    #expect(grid.invariantViolations.isEmpty)
  }

  @Test("a wide glyph at the last column becomes a blank instead of overflowing")
  func wideGlyphAtLastColumn() {
    var grid = Grid(width: 4, height: 1)
    grid.put("abc世", at: Point(x: 0, y: 0))
    #expect(grid.text == "abc")
    #expect(grid.cell(at: Point(x: 3, y: 0)) == Cell(" "))
    var clipped = Grid(width: 9, height: 1)
    clipped.put("世界", at: Point(x: 0, y: 0), maxWidth: 3)
    #expect(clipped.text == "世")
    #expect(clipped.invariantViolations.isEmpty)
  }

  @Test("a wide glyph cut by the left edge shows a blank, not half a glyph")
  func wideGlyphAtLeftEdge() {
    var grid = Grid(width: 4, height: 1)
    grid.fill(grid.bounds, with: "x")
    grid.put("世y", at: Point(x: -1, y: 0))
    #expect(grid.text == " yxx")
    #expect(grid.invariantViolations.isEmpty)
  }

  @Test("overwriting half of a wide glyph blanks its other half")
  func splitWideGlyph() {
    var grid = Grid(width: 6, height: 1)
    grid.put("世界", at: Point(x: 0, y: 0))
    grid.put("a", at: Point(x: 1, y: 0))
    #expect(grid.text == " a界")
    grid.put("b", at: Point(x: 2, y: 0))
    #expect(grid.text == " ab")
    grid.put("中", at: Point(x: 3, y: 0))
    #expect(grid.text == " ab中")
    #expect(grid.invariantViolations.isEmpty)
  }

  @Test("fill covers the clipped rectangle with a character and style")
  func fill() {
    var grid = Grid(width: 5, height: 3)
    let style = Style(background: .blue)
    grid.fill(Rect(x: 3, y: 1, width: 9, height: 9), with: "#", style: style)
    #expect(grid.text == "\n   ##\n   ##")
    #expect(grid.cell(at: Point(x: 4, y: 2))?.style == style)
  }

  @Test("combining marks stay on their base character")
  func combining() {
    var grid = Grid(width: 5, height: 1)
    grid.put("e\u{301}x\u{301}", at: Point(x: 0, y: 0))
    #expect(grid.row(0) == "e\u{301}x\u{301}")
    #expect(grid.cell(at: Point(x: 1, y: 0))?.character == "x\u{301}")
    grid.put("\u{301}a", at: Point(x: 3, y: 0))  // a stray mark alone has nothing to sit on
    #expect(grid.row(0) == "e\u{301}x\u{301} a")
  }

  @Test("control characters are skipped rather than drawn")
  func controls() {
    var grid = Grid(width: 5, height: 1)
    grid.put("a\tb\nc", at: Point(x: 0, y: 0))
    #expect(grid.text == "abc")
  }
}
