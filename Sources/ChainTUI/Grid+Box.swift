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
    let box = ascii ? BoxCharacters.ascii : BoxCharacters.light
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    for row in rect.y...bottom {
      let isTop = row == rect.y
      let isBottom = row == bottom
      if isTop || isBottom {
        var line = ""
        for column in rect.x...right {
          let isLeft = column == rect.x
          let isRight = column == right
          switch (isTop, isLeft, isRight) {
          case (true, true, _): line.append(box.topLeft)
          case (true, false, true): line.append(box.topRight)
          case (false, true, _): line.append(box.bottomLeft)
          case (false, false, true): line.append(box.bottomRight)
          default: line.append(box.horizontal)
          }
        }
        put(line, at: Point(x: rect.x, y: row), style: style)
      } else {
        put(String(box.vertical), at: Point(x: rect.x, y: row), style: style)
        if right > rect.x { put(String(box.vertical), at: Point(x: right, y: row), style: style) }
      }
    }
    if let title, !title.isEmpty, rect.width >= 5 {
      put(
        " \(title) ", at: Point(x: rect.x + 2, y: rect.y), style: titleStyle ?? style,
        maxWidth: rect.width - 4)
    }
  }
}
