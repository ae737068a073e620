extension Grid {
  /// Every broken rule of the grid's shape, described for a test failure; empty when consistent.
  ///
  /// The rules: the cell count matches the size; a continuation cell follows a leading cell of a
  /// wide glyph in the same row, and every wide glyph is followed by its continuation.
  package var invariantViolations: [String] {
    var problems: [String] = []
    if cells.count != width * height {
      problems.append("\(cells.count) cells for a \(width)x\(height) grid")
      return problems
    }
    for y in 0..<height {
      for x in 0..<width {
        let cell = cells[y * width + x]
        let next = x + 1 < width ? cells[y * width + x + 1] : nil
        if cell.isContinuation {
          let lead = x > 0 ? cells[y * width + x - 1] : nil
          if lead.map({ $0.isContinuation || DisplayWidth.of($0.character) != 2 }) ?? true {
            problems.append("continuation at (\(x), \(y)) without a wide glyph before it")
          }
        } else if DisplayWidth.of(cell.character) == 2, next?.isContinuation != true {
          problems.append("wide glyph at (\(x), \(y)) without a continuation after it")
        } else if DisplayWidth.of(cell.character) == 0 {
          problems.append("zero-width character at (\(x), \(y))")
        }
      }
    }
    return problems
  }
}
