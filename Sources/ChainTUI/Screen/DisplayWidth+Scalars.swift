/// Measuring and cutting text without breaking it into characters, when each of its scalars is a
/// character of its own.
///
/// NB: breaking a string into grapheme clusters costs far more than reading its UTF-8, and almost
/// every line on screen (log lines, paths, the inspector's rows) is printable ASCII with a few
/// symbols such as `·`, `•`, `└` or `─`, none of which joins a neighbour.
extension DisplayWidth {
  /// The columns of text each scalar of which is a character of its own, with how many of its
  /// first bytes take at most `budget` columns; `nil` for any other text.
  ///
  /// Such text holds printable ASCII and the scalars that never join a neighbour in Unicode's
  /// grapheme rules (``RowWriter/startsCharacter(_:at:)``), so its width is the sum of its
  /// scalars' widths and it can be cut after any scalar.
  ///
  /// - Parameters:
  ///   - bytes: Valid UTF-8.
  ///   - budget: The columns the start may take.
  /// - Returns: The width of the whole text and the byte length of its longest start of at most
  ///   `budget` columns.
  static func scalarWidth(of bytes: UnsafeBufferPointer<UInt8>, fitting budget: Int) -> (
    width: Int, fitting: Int
  )? {
    let count = bytes.count
    var width = 0
    var fitting = 0
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      let length: Int
      let columns: Int
      if byte < 0x80 {
        guard (0x20..<0x7F).contains(byte) else { return nil }
        // A run of printable ASCII at once: one column a byte.
        var end = offset + 1
        while end < count, (0x20..<0x7F).contains(bytes[end]) { end += 1 }
        let run = end - offset
        if width + run <= budget {
          fitting = end
        } else if width < budget {
          fitting = offset + (budget - width)
        }
        width += run
        offset = end
        continue
      } else {
        guard RowWriter.startsCharacter(bytes, at: offset) else { return nil }
        // `startsCharacter` accepts two- and three-byte scalars only.
        length = byte >= 0xE0 ? 3 : 2
        var value = UInt32(byte) & (length == 2 ? 0x1F : 0x0F)
        for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
        columns = of(scalar: value)
      }
      width += columns
      offset += length
      if width <= budget { fitting = offset }
    }
    return (width, fitting)
  }

  /// The columns of a string measured by its scalars, or `nil` when a scalar of it may join a
  /// neighbour (see ``scalarWidth(of:fitting:)``).
  static func scalarWidth(of text: some StringProtocol) -> Int? {
    text.utf8.withContiguousStorageIfAvailable { scalarWidth(of: $0, fitting: 0)?.width } ?? nil
  }
}
