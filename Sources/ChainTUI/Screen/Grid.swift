/// A width x height buffer of cells that screens are drawn into, and the unit that tests compare.
///
/// Every write is clipped to the grid, so drawing code can use coordinates computed from any
/// terminal size, including 0 x 0 and 1 x 1. A wide glyph always occupies a leading cell and a
/// continuation cell in the same row; writes that would split one blank its other half instead.
public struct Grid: Sendable, Hashable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// Row-major: the cell at (x, y) is at `y * width + x`.
  ///
  /// Written only by the grid's own methods (here and in its extensions), which keep wide
  /// glyphs whole.
  var cells: [Cell]

  /// Creates a grid of blank cells; a negative width or height becomes 0.
  ///
  /// - Parameters:
  ///   - width: The number of columns.
  ///   - height: The number of rows.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height
    // The first blank is copied in blocks of at most 128 cells, as `repeatCell` fills.
    self.cells = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress, count > 0 else { return }
      base.initialize(to: .blank)
      var filled = 1
      while filled < count {
        let chunk = Swift.min(filled, count - filled, 128)
        (base + filled).initialize(from: base, count: chunk)
        filled += chunk
      }
      initialized = count
    }
  }

  /// Creates a grid of blank cells of the given size, such as the terminal's.
  ///
  /// - Parameter size: The grid's size.
  public init(size: Size) {
    self.init(width: size.width, height: size.height)
  }

  /// The grid's size.
  public var size: Size { Size(width: width, height: height) }
  /// The rectangle covering the whole grid, the starting point of a layout.
  public var bounds: Rect { Rect(size) }

  /// The cell at a point, or `nil` outside the grid.
  ///
  /// - Parameter point: The cell's column and row.
  /// - Returns: The cell, or `nil` when the point lies outside.
  public func cell(at point: Point) -> Cell? {
    guard bounds.contains(point) else { return nil }
    return cells[point.y * width + point.x]
  }

  /// Writes text on one row, starting at a point, clipped to the grid and to `maxWidth` columns.
  ///
  /// Characters of width 0 that stand alone (controls, stray combining marks) are skipped. A wide
  /// glyph that does not fit before the clip edge is replaced by a blank, never split.
  ///
  /// - Parameters:
  ///   - text: The text; it is not wrapped.
  ///   - point: Where the first character goes; it may lie outside the grid.
  ///   - style: How the text is drawn.
  ///   - maxWidth: The most columns to use, or `nil` for up to the grid's right edge.
  /// - Returns: The column just after the last character laid out.
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, at point: Point, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    let limit = maxWidth.map { point.x + max(0, $0) } ?? Int.max
    let row = point.y
    var x = point.x
    guard (0..<height).contains(row), !text.isEmpty else { return x }
    let width = self.width
    let rowStart = row * width
    cells.withUnsafeMutableBufferPointer { buffer in
      // NB: writes go through a pointer to the row: the array's uniqueness and bounds checks
      // per cell cost more than the write itself.
      var writer = RowWriter(
        row: buffer.baseAddress.map { $0 + rowStart }, width: width, limit: limit, x: x,
        style: style)
      // NB: most text is ASCII and one-scalar symbols (·, µ, └, box drawing): its UTF-8 is read
      // straight, and the rest of the text is left to `decode` from the first character that
      // may be a cluster of several scalars.
      var resume: Int?
      let done = text.utf8.withContiguousStorageIfAvailable { bytes in
        resume = writer.layScalars(bytes)
        return resume == nil
      }
      if done != true {
        let end = text.endIndex
        var index =
          resume.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) } ?? text.startIndex
        while index < end {
          let (code, columns) = Self.decode(text, at: &index)
          if !writer.lay(code, columns) { break }
        }
      }
      x = writer.x
    }
    return x
  }

  /// Fills a rectangle (clipped to the grid) with one character.
  ///
  /// - Parameters:
  ///   - rect: The area to fill.
  ///   - character: The character to repeat; a space clears the area.
  ///   - style: How the area is drawn, e.g. a background colour.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    // NB: a printable ASCII character (a space, mostly) is its own code and one column wide:
    // measuring it and making its cell from the `Character` cost more than a short fill.
    let ascii = character.asciiValue.flatMap { (0x20..<0x7F).contains($0) ? UInt32($0) : nil }
    let columns = ascii != nil ? 1 : DisplayWidth.of(character)
    // A zero-width character writes nothing, as `put` skips it.
    guard columns != 1 else {
      let cell = ascii.map { Cell(code: $0, style: style) } ?? Cell(character, style: style)
      if area.x == 0, area.width == width {
        // Whole rows are one span of cells, and no wide glyph crosses a row's ends.
        repeatCell(cell, from: area.y * width, count: area.height * width)
        return
      }
      for row in area.y..<area.maxY {
        putRun(cell, at: Point(x: area.x, y: row), count: area.width)
      }
      return
    }
    let line = String(repeating: character, count: area.width / max(1, columns) + 1)
    for row in area.y..<area.maxY {
      put(line, at: Point(x: area.x, y: row), style: style, maxWidth: area.width)
    }
  }

  /// Each row as text with trailing spaces trimmed, joined by newlines: what snapshots compare.
  public var text: String {
    (0..<height).map(row).joined(separator: "\n")
  }

  /// One row as text with trailing spaces trimmed; empty outside the grid.
  ///
  /// - Parameter y: The row, counted from 0 at the top.
  /// - Returns: The row's characters; a wide glyph appears once.
  public func row(_ y: Int) -> String {
    guard (0..<height).contains(y) else { return "" }
    var line = ""
    for cell in cells[(y * width)..<((y + 1) * width)] where !cell.isContinuation {
      if cell.code < ClusterTable.offset, let scalar = Unicode.Scalar(cell.code) {
        line.unicodeScalars.append(scalar)
      } else {
        line.append(cell.character)
      }
    }
    while line.last == " " { line.removeLast() }
    return line
  }
}
