extension Grid {
  /// Writes one narrow cell `count` times along a row from a point, clipped to the grid: what
  /// `put` does with a string of that many copies of a one-column character, without decoding
  /// the string.
  ///
  /// - Parameters:
  ///   - cell: A cell whose character takes exactly one column.
  ///   - point: Where the run starts; it may lie outside the grid.
  ///   - count: How many columns the run covers.
  mutating func putRun(_ cell: Cell, at point: Point, count: Int) {
    guard (0..<height).contains(point.y), count > 0 else { return }
    let first = max(0, point.x)
    let last = min(width, point.x + count) - 1
    guard first <= last else { return }
    let rowStart = point.y * width
    // Inside the run every cell is overwritten, so only a wide glyph crossing either end
    // needs its other half blanked, as ``RowWriter`` would.
    if cells[rowStart + first].isContinuation, first > 0 {
      cells[rowStart + first - 1] = Cell(
        code: Cell.spaceCode, style: cells[rowStart + first - 1].style)
    }
    if last + 1 < width, cells[rowStart + last + 1].isContinuation {
      cells[rowStart + last + 1] = Cell(
        code: Cell.spaceCode, style: cells[rowStart + last + 1].style)
    }
    // NB: through a pointer, doubling a copied prefix: the array's uniqueness and bounds
    // checks per cell, or even a store per cell, cost more than a few block copies (a frame
    // fills most of its cells at least once).
    repeatCell(cell, from: rowStart + first, count: last - first + 1)
  }

  /// Writes a one-column cell at column x of each row of a range (clipped to the grid), as
  /// ``putRun(_:at:count:)`` with a count of 1 does on each of them.
  mutating func putColumn(_ cell: Cell, x: Int, rows: Range<Int>) {
    let rows = rows.clamped(to: 0..<height)
    guard (0..<width).contains(x), !rows.isEmpty else { return }
    let width = self.width
    cells.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for row in rows {
        let at = base + row * width + x
        if at.pointee.isContinuation, x > 0 {
          (at - 1).pointee = Cell(code: Cell.spaceCode, style: (at - 1).pointee.style)
        }
        if x + 1 < width, (at + 1).pointee.isContinuation {
          (at + 1).pointee = Cell(code: Cell.spaceCode, style: (at + 1).pointee.style)
        }
        at.pointee = cell
      }
    }
  }

  /// The same grid with cells of its own, copied in blocks, so that drawing over it copies
  /// nothing more: a frame drawn over the last one, which the terminal still holds.
  ///
  /// NB: otherwise the first write copies the whole grid in one block, which memcpy's
  /// `rep movsb` path makes (see ``repeatCell(_:from:count:)``).
  func withOwnCells() -> Grid {
    var copy = self
    let count = cells.count
    copy.cells = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      cells.withUnsafeBufferPointer { source in
        guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
        var copied = 0
        while copied < count {
          let chunk = Swift.min(count - copied, 128)
          (to + copied).initialize(from: from + copied, count: chunk)
          copied += chunk
        }
      }
      initialized = count
    }
    return copy
  }

  /// Copies `count` cells of one row to another row (clipped to the grid), as
  /// ``putCellRows(_:rowWidth:at:)`` copies a row drawn elsewhere.
  ///
  /// - Parameters:
  ///   - source: The first cell copied; its run holds whole wide glyphs.
  ///   - target: Where it goes, on another row.
  ///   - count: How many cells.
  mutating func copyCells(from source: Point, to target: Point, count: Int) {
    precondition(source.y != target.y, "cells copied along their own row")
    guard count > 0, (0..<height).contains(source.y),
      (0..<height).contains(target.y), source.x >= 0, target.x >= 0,
      source.x + count <= width, target.x + count <= width
    else { return }
    let width = self.width
    cells.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let row = base + target.y * width
      let first = target.x
      let last = target.x + count - 1
      // As in `putRun`: only a wide glyph crossing either end needs its other half blanked.
      if row[first].isContinuation, first > 0 {
        row[first - 1] = Cell(code: Cell.spaceCode, style: row[first - 1].style)
      }
      if last + 1 < width, row[last + 1].isContinuation {
        row[last + 1] = Cell(code: Cell.spaceCode, style: row[last + 1].style)
      }
      (row + first).update(from: base + source.y * width + source.x, count: count)
    }
  }

  /// The longest run ``repeatCell(_:from:count:)`` stores cell by cell.
  static let shortRun = 48

  /// Writes one cell over `count` cells from a linear index, with no care for wide glyphs.
  mutating func repeatCell(_ cell: Cell, from index: Int, count: Int) {
    guard count > 0 else { return }
    // The pointer writes below are unchecked: this one check keeps them inside the grid.
    precondition(index >= 0 && index + count <= cells.count, "a cell run outside the grid")
    cells.withUnsafeMutableBufferPointer { buffer in
      guard let start = buffer.baseAddress.map({ $0 + index }) else { return }
      // A short run (a box's side, a row of a narrow pane) is stored cell by cell: a few block
      // copies of a doubling prefix cost more than the stores.
      guard count > Self.shortRun else {
        for offset in 0..<count { (start + offset).pointee = cell }
        return
      }
      start.pointee = cell
      var filled = 1
      while filled < count {
        // NB: chunks of at most 128 cells (1.5 KB): larger copies take memcpy's `rep movsb`
        // path, which instruction counts (the benchmarks' measure) charge per byte.
        let chunk = Swift.min(filled, count - filled, 128)
        (start + filled).update(from: start, count: chunk)
        filled += chunk
      }
    }
  }

  /// Copies rows of cells drawn elsewhere (a grid of `rowWidth` columns, row-major, whole wide
  /// glyphs) to successive rows from a point; rows whose cells do not lie wholly inside the grid
  /// are not drawn.
  ///
  /// - Parameters:
  ///   - rows: The cells, `rowWidth` per row.
  ///   - rowWidth: The cells per row.
  ///   - point: Where the first row's first cell goes.
  mutating func putCellRows(_ rows: [Cell], rowWidth: Int, at point: Point) {
    guard rowWidth > 0 else { return }
    let first = point.x
    let last = point.x + rowWidth - 1
    guard first >= 0, last < width else { return }
    let width = self.width
    let height = self.height
    precondition(rows.count % rowWidth == 0, "rows of cells that are not whole rows")
    cells.withUnsafeMutableBufferPointer { buffer in
      rows.withUnsafeBufferPointer { source in
        guard let target = buffer.baseAddress, let source = source.baseAddress else { return }
        for line in 0..<(rows.count / rowWidth) {
          let y = point.y + line
          guard (0..<height).contains(y) else { continue }
          let row = target + y * width
          // As in `putRun`: only a wide glyph crossing either end needs its other half blanked.
          if row[first].isContinuation, first > 0 {
            row[first - 1] = Cell(code: Cell.spaceCode, style: row[first - 1].style)
          }
          if last + 1 < width, row[last + 1].isContinuation {
            row[last + 1] = Cell(code: Cell.spaceCode, style: row[last + 1].style)
          }
          (row + first).update(from: source + line * rowWidth, count: rowWidth)
        }
      }
    }
  }

  /// The character of `text` that starts at `index` (a character boundary), as a cell code and
  /// its width, moving `index` to the next character.
  ///
  /// NB: ASCII followed by ASCII is a whole character (except CR LF), so most text never goes
  /// through grapheme breaking; a character of one scalar needs no `Character` either.
  @inline(__always)
  static func decode(
    _ text: some StringProtocol, at index: inout String.Index
  ) -> (code: UInt32, columns: Int) {
    let utf8 = text.utf8
    let byte = utf8[index]
    if byte < 0x80 {
      let after = utf8.index(after: index)
      if after == utf8.endIndex || (utf8[after] < 0x80 && !(byte == 0x0D && utf8[after] == 0x0A)) {
        index = after
        return (UInt32(byte), (0x20..<0x7F).contains(byte) ? 1 : 0)
      }
    }
    let next = text.index(after: index)
    let scalars = text.unicodeScalars
    if scalars.index(after: index) == next {
      let value = scalars[index].value
      index = next
      return (value, DisplayWidth.of(scalar: value))
    }
    let character = text[index]
    index = next
    let columns = DisplayWidth.of(character)
    return (columns == 0 ? Cell.spaceCode : ClusterTable.code(forCluster: character), columns)
  }
}

extension Grid {
  /// The cells of one row, left to right; empty outside the grid.
  func rowCells(_ y: Int) -> ArraySlice<Cell> {
    guard (0..<height).contains(y) else { return [] }
    return cells[(y * width)..<((y + 1) * width)]
  }

  /// Overwrites a whole row with cells taken from a row of a grid of the same width.
  ///
  /// NB: a whole row holds whole wide glyphs, so nothing needs blanking at its ends.
  mutating func setRowCells(_ y: Int, _ row: ArraySlice<Cell>) {
    guard (0..<height).contains(y), row.count == width else { return }
    cells.replaceSubrange((y * width)..<((y + 1) * width), with: row)
  }
}
