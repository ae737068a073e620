/// What a cell shows on a terminal whose locale is not UTF-8: box lines through the terminal's
/// own line-drawing set, a few symbols as look-alike ASCII, anything else as `?`.
enum ASCIIGlyphs {
  /// How one character is drawn.
  enum Glyph: Equatable {
    /// The character itself: it is ASCII.
    case ascii(UInt8)
    /// A character of the terminal's line-drawing set, by its VT100 code (`q` is a horizontal
    /// line), drawn with `A_ALTCHARSET`.
    case lineDrawing(UInt8)
  }

  /// Box-drawing and other characters the VT100 line-drawing set has, by scalar.
  static let lineDrawing: [UInt32: UInt8] = [
    0x2500: 0x71, 0x2502: 0x78, 0x250C: 0x6C, 0x2510: 0x6B, 0x2514: 0x6D, 0x2518: 0x6A,
    0x251C: 0x74, 0x2524: 0x75, 0x252C: 0x77, 0x2534: 0x76, 0x253C: 0x6E, 0x00B7: 0x7E,
    0x2592: 0x61, 0x00B0: 0x66, 0x25C6: 0x60,
  ]

  /// Look-alikes for symbols the explorer draws.
  static let lookAlikes: [UInt32: UInt8] = [
    0x2026: 0x2E, 0x2665: 0x2A, 0x2022: 0x2A, 0x25B8: 0x3E, 0x25B6: 0x3E, 0x2192: 0x3E,
    0x2190: 0x3C, 0x2191: 0x5E, 0x2193: 0x76, 0x2713: 0x76, 0x00D7: 0x78,
  ]

  /// How a character is drawn without UTF-8.
  ///
  /// - Parameter character: The cell's character.
  /// - Returns: The ASCII byte or the line-drawing code to draw.
  static func glyph(for character: Character) -> Glyph {
    guard let scalar = character.unicodeScalars.first else { return .ascii(0x20) }
    if scalar.isASCII, character.unicodeScalars.count == 1 {
      return .ascii(UInt8(scalar.value))
    }
    if let code = lineDrawing[scalar.value] { return .lineDrawing(code) }
    if let code = lookAlikes[scalar.value] { return .ascii(code) }
    if scalar.isASCII { return .ascii(UInt8(scalar.value)) }
    return .ascii(0x3F)
  }
}
