/// Lays characters out along one row of a grid's cells from a column, clipped to the row and to
/// a limit: the inner loop of ``Grid/put(_:at:style:maxWidth:)``.
///
/// A wide glyph always occupies a leading cell and a continuation cell; writes that would split
/// one blank its other half instead.
struct RowWriter {
  /// The row's first cell; `nil` only for a grid without columns, where nothing is placed.
  let row: UnsafeMutablePointer<Cell>?
  /// The row's width in cells.
  let width: Int
  /// The column at which writing stops.
  let limit: Int
  /// The column the next character goes to; it may lie left of the row.
  var x: Int
  /// How characters are drawn.
  let style: Style

  /// Lays out one character by its cell code and width; `false` once nothing more fits.
  @inline(__always)
  mutating func lay(_ code: UInt32, _ columns: Int) -> Bool {
    if columns == 0 { return true }
    if x >= width || x >= limit { return false }
    if x + columns > limit || x + columns > width {
      // Only the left half of a wide glyph fits: pad instead of splitting it.
      if x >= 0 {
        place(Cell(code: Cell.spaceCode, style: style), x: x, wide: false)
      } else if x + columns > 0, width > 0, limit > 0 {
        place(Cell(code: Cell.spaceCode, style: style), x: 0, wide: false)
      }
      x += 1
      return false
    }
    if x >= 0 {
      place(Cell(code: code, style: style), x: x, wide: columns == 2)
    } else if x + columns > 0 {
      // A wide glyph straddling the left edge: its visible right half becomes a blank.
      place(Cell(code: Cell.spaceCode, style: style), x: 0, wide: false)
    }
    x += columns
    return true
  }

  /// Lays out UTF-8 text while each character is one scalar that is certainly a whole
  /// character: ASCII, or a scalar that cannot join what follows, each followed by the end,
  /// ASCII or a scalar that never joins what precedes it (``startsCharacter(_:at:)``).
  ///
  /// - Parameter bytes: Valid UTF-8.
  /// - Returns: `nil` when the text was laid out or nothing more fits; otherwise the offset of
  ///   the first byte left for the general path, which is a character boundary.
  mutating func layScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      if x >= 0, (0x20..<0x7F).contains(byte) {
        let run = printableRun(bytes, from: offset)
        if run > 0 {
          let room = min(width, limit) - x
          if room <= 0 { return nil }
          layRun(bytes, from: offset, count: min(run, room))
          if run > room { return nil }
          offset += run
          continue
        }
      }
      if byte < 0x80 {
        // An ASCII character followed by a non-ASCII scalar may be a cluster ("e\u{301}").
        if !Self.startsCharacter(bytes, at: offset + 1) { return offset }
        if !lay(UInt32(byte), (0x20..<0x7F).contains(byte) ? 1 : 0) { return nil }
        offset += 1
        continue
      }
      let length = byte >= 0xF0 ? 4 : (byte >= 0xE0 ? 3 : 2)
      guard offset + length <= count else { return offset }
      var value = UInt32(byte) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
      for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
      // Below U+0600 and in U+2000..<U+3000 (punctuation, arrows, box drawing, symbols) no
      // scalar joins an ASCII character after it (Unicode's Prepend class starts at U+0600).
      guard value < 0x600 || (0x2000..<0x3000).contains(value),
        Self.startsCharacter(bytes, at: offset + length)
      else { return offset }
      if !lay(value, DisplayWidth.of(scalar: value)) { return nil }
      offset += length
    }
    return nil
  }

  /// How many printable ASCII characters start at `offset` and are each a whole character: the
  /// run stops before a byte that is not printable ASCII, and leaves out its last character when
  /// a scalar that may join it follows (the two may be one cluster, "e\u{301}").
  @inline(__always)
  private func printableRun(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
    var end = offset
    let count = bytes.count
    while end < count, (0x20..<0x7F).contains(bytes[end]) { end += 1 }
    if !Self.startsCharacter(bytes, at: end) { end -= 1 }
    return end - offset
  }

  /// Whether the text at `offset` certainly starts a new character after ASCII or after a
  /// scalar ``layScalars(_:)`` lays out alone: the end, ASCII, or a scalar that never joins
  /// what precedes it.
  ///
  /// Such scalars: Latin-1 and Latin Extended (U+0080..<U+0300, before the combining marks),
  /// general punctuation up to U+2028 (dashes, quotes, •, …), and arrows through dingbats
  /// (U+2190..<U+2800, without U+2400..<U+2500) such as ⇄, ─, ◆, ▾ and ♥. None of them is an
  /// extending, spacing or joining scalar in Unicode's grapheme rules; anything else is left to
  /// the general path. ``DisplayWidth`` measures and cuts text made of such scalars by them.
  @inline(__always)
  static func startsCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    let count = bytes.count
    guard offset < count else { return true }
    let byte = bytes[offset]
    if byte < 0x80 { return true }
    if byte >= 0xC2, byte < 0xCC {
      // Two bytes: U+0080..<U+0300.
      return offset + 1 < count
    }
    guard byte == 0xE2, offset + 2 < count else { return false }
    let value = 0x2000 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
    return (0x2010..<0x2028).contains(value) || (0x2190..<0x2400).contains(value)
      || (0x2500..<0x2800).contains(value)
  }

  /// Writes `count` printable ASCII characters from column x on.
  ///
  /// All of them fit in the row and before the limit. Only a wide glyph crossing either end of
  /// the run needs its other half blanked: every cell inside the run is overwritten.
  @inline(__always)
  private mutating func layRun(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, count: Int) {
    defer { x += count }
    guard let row, count > 0 else { return }
    if row[x].isContinuation, x > 0 {
      row[x - 1] = Cell(code: Cell.spaceCode, style: row[x - 1].style)
    }
    let end = x + count
    if end < width, row[end].isContinuation {
      row[end] = Cell(code: Cell.spaceCode, style: row[end].style)
    }
    // One cell made before the loop and only its code set in it: a cell made per character
    // reloaded the style and checked every index for overflow.
    var cell = Cell(code: Cell.spaceCode, style: style)
    let target = row + x
    for index in 0..<count {
      cell.code = UInt32(bytes[offset &+ index])
      target[index] = cell
    }
  }

  /// Writes one character at an in-bounds column, first blanking any wide glyph it would split.
  @inline(__always)
  private func place(_ cell: Cell, x: Int, wide: Bool) {
    guard let row else { return }
    detach(x: x, in: row)
    if wide { detach(x: x + 1, in: row) }
    row[x] = cell
    if wide { row[x + 1] = .continuation(style: cell.style) }
  }

  /// Blanks the other half of a wide glyph that covers column x, so the cell can be
  /// overwritten.
  @inline(__always)
  private func detach(x: Int, in row: UnsafeMutablePointer<Cell>) {
    guard (0..<width).contains(x) else { return }
    if row[x].isContinuation, x > 0 {
      row[x - 1] = Cell(code: Cell.spaceCode, style: row[x - 1].style)
    }
    if x + 1 < width, row[x + 1].isContinuation {
      row[x + 1] = Cell(code: Cell.spaceCode, style: row[x + 1].style)
    }
    row[x] = Cell(code: Cell.spaceCode, style: row[x].style)
  }
}
