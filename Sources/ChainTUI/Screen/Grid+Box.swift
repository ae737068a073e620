extension Grid {
  /// The characters a box is drawn with.
  public struct BoxCharacters: Sendable, Hashable {
    let topLeft: Character
    let topRight: Character
    let bottomLeft: Character
    let bottomRight: Character
    let horizontal: Character
    let vertical: Character

    /// Unicode light box-drawing characters: ┌─┐│└┘.
    public static let light = BoxCharacters(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─",
      vertical: "│")
    /// Plain ASCII (+-|), for terminals or fonts without box-drawing glyphs.
    public static let ascii = BoxCharacters(
      topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
      vertical: "|")
  }

  /// Draws the border of a rectangle, with an optional title in the top edge.
  ///
  /// The border is clipped to the grid; a 1-cell-wide or 1-cell-high rectangle degrades to a line.
  /// The title sits two columns in, padded by a space each side, and is cut to fit.
  ///
  /// - Parameters:
  ///   - rect: The rectangle whose outermost cells become the border.
  ///   - title: Text shown in the top edge, or `nil`.
  ///   - style: How the border is drawn.
  ///   - titleStyle: How the title is drawn; `nil` uses `style`.
  ///   - ascii: Whether to draw with ASCII instead of Unicode box characters.
  public mutating func drawBox(
    _ rect: Rect, title: String? = nil, style: Style = .plain, titleStyle: Style? = nil,
    ascii: Bool = false
  ) {
    guard !rect.isEmpty else { return }
    // NB: the characters' codes worked out once: making a cell from a `Character` reads its
    // scalars, and a frame draws a few boxes (or their top rows) on every key.
    let box = ascii ? BoxCodes.ascii : BoxCodes.light
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    let horizontal = Cell(code: box.horizontal, style: style)
    let vertical = Cell(code: box.vertical, style: style)
    // Cells are written straight into the rows: every box character takes one column.
    // NB: the top row, then the bottom one if it is another, without an array of the two: a
    // frame draws a few boxes on every key.
    var row = rect.y
    while true {
      let isTop = row == rect.y
      let left = Cell(code: isTop ? box.topLeft : box.bottomLeft, style: style)
      putRun(left, at: Point(x: rect.x, y: row), count: 1)
      putRun(horizontal, at: Point(x: rect.x + 1, y: row), count: right - rect.x - 1)
      if right > rect.x {
        let corner = Cell(code: isTop ? box.topRight : box.bottomRight, style: style)
        putRun(corner, at: Point(x: right, y: row), count: 1)
      }
      guard row != bottom else { break }
      row = bottom
    }
    // The sides, a column at a time: no row's cells depend on another row's.
    let sides = (rect.y + 1)..<max(rect.y + 1, bottom)
    putColumn(vertical, x: rect.x, rows: sides)
    if right > rect.x { putColumn(vertical, x: right, rows: sides) }
    if let title, !title.isEmpty, rect.width >= 5 {
      // Piece by piece, as " title " would be laid out, without building that string.
      let style = titleStyle ?? style
      let limit = rect.x + 2 + rect.width - 4
      var x = put(" ", at: Point(x: rect.x + 2, y: rect.y), style: style, maxWidth: rect.width - 4)
      x = put(title, at: Point(x: x, y: rect.y), style: style, maxWidth: limit - x)
      put(" ", at: Point(x: x, y: rect.y), style: style, maxWidth: limit - x)
    }
  }

  /// The cell codes of a set of box characters.
  private struct BoxCodes {
    let topLeft: UInt32
    let topRight: UInt32
    let bottomLeft: UInt32
    let bottomRight: UInt32
    let horizontal: UInt32
    let vertical: UInt32

    init(_ box: BoxCharacters) {
      topLeft = ClusterTable.code(for: box.topLeft)
      topRight = ClusterTable.code(for: box.topRight)
      bottomLeft = ClusterTable.code(for: box.bottomLeft)
      bottomRight = ClusterTable.code(for: box.bottomRight)
      horizontal = ClusterTable.code(for: box.horizontal)
      vertical = ClusterTable.code(for: box.vertical)
    }

    static let light = BoxCodes(.light)
    static let ascii = BoxCodes(.ascii)
  }
}
