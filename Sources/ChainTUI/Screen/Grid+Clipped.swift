extension Grid {
  /// Writes text cut to `maxWidth` columns with `…` when something was cut, as writing
  /// `DisplayWidth.clipped(text, to: maxWidth)` does, without making the cut string when the
  /// text's scalars are each a character of their own.
  ///
  /// - Parameters:
  ///   - text: The text; it is not wrapped.
  ///   - point: Where the first character goes.
  ///   - style: How the text is drawn.
  ///   - maxWidth: The most columns to use.
  /// - Returns: The column just after the last character laid out.
  @discardableResult
  mutating func putClipped(
    _ text: String, at point: Point, style: Style, maxWidth: Int
  ) -> Int {
    let utf8 = text.utf8
    // No character is wider in columns than in UTF-8 bytes (`DisplayWidth.clipped`'s test).
    if utf8.count <= maxWidth { return put(text, at: point, style: style, maxWidth: maxWidth) }
    let measured = utf8.withContiguousStorageIfAvailable {
      DisplayWidth.scalarWidth(of: $0, fitting: maxWidth - 1)
    }
    guard let (width, fitting) = measured ?? nil else {
      return put(
        DisplayWidth.clipped(text, to: maxWidth), at: point, style: style, maxWidth: maxWidth)
    }
    if width <= maxWidth { return put(text, at: point, style: style, maxWidth: maxWidth) }
    guard maxWidth > 0 else { return point.x }
    let kept = text[..<utf8.index(utf8.startIndex, offsetBy: fitting)]
    let x = put(kept, at: point, style: style, maxWidth: maxWidth)
    return put("…", at: Point(x: x, y: point.y), style: style, maxWidth: point.x + maxWidth - x)
  }
}
