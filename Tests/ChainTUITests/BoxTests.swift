import ChainTUI
import Testing

@Suite("Box drawing")
struct BoxTests {
  @Test("a box with a title draws light box characters around the rectangle")
  func titledBox() {
    var grid = Grid(width: 14, height: 4)
    grid.drawBox(Rect(x: 0, y: 0, width: 12, height: 4), title: "Log")
    #expect(
      grid.text == """
        ┌─ Log ────┐
        │          │
        │          │
        └──────────┘
        """)
  }

  @Test("the ASCII fallback uses plus, minus and bar")
  func asciiBox() {
    var grid = Grid(width: 6, height: 3)
    grid.drawBox(grid.bounds, ascii: true)
    #expect(grid.text == "+----+\n|    |\n+----+")
  }

  @Test("a long title is cut so one edge character is left before the corner")
  func longTitle() {
    var grid = Grid(width: 9, height: 2)
    grid.drawBox(grid.bounds, title: "Inspector")
    #expect(grid.row(0) == "┌─ Insp─┐")
  }

  @Test("thin boxes degrade to lines and boxes past the edge are clipped")
  func thinAndClipped() {
    var grid = Grid(width: 5, height: 3)
    grid.drawBox(Rect(x: 0, y: 0, width: 1, height: 3))
    grid.drawBox(Rect(x: 1, y: 0, width: 4, height: 1))
    grid.drawBox(Rect(x: 3, y: 1, width: 10, height: 10))
    #expect(grid.text == "┌┌──┐\n│  ┌─\n└  │")
  }
}
