/// How many terminal columns a character or string takes, independent of the C locale.
///
/// NB: `wcwidth` returns -1 for everything non-ASCII under the C locale, so the grid would disagree
/// with the terminal about where text ends. This table follows Unicode's East Asian Width (Wide and
/// Fullwidth) and Emoji_Presentation properties, which is what current terminals implement.
package enum DisplayWidth {
  /// The columns one grapheme cluster takes: 0, 1 or 2.
  ///
  /// Combining marks, zero-width characters and control characters take 0; East Asian wide and
  /// fullwidth characters and emoji shown as emoji take 2; everything else takes 1.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let base = scalars.first else { return 0 }
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return of(scalar: base.value)
    }
    return computed(character)
  }

  /// The columns a character of one scalar takes, by the scalar's value; what ``of(_:)-(Character)``
  /// gives for `Character(Unicode.Scalar(value))`.
  static func of(scalar value: UInt32) -> Int {
    if value < tableLimit { return Int(table[Int(value)]) }
    guard let scalar = Unicode.Scalar(value) else { return 0 }
    return computed(Character(scalar))
  }

  /// Below this value a one-scalar width comes from ``table``: Latin, Greek, Cyrillic, box
  /// drawing, arrows, symbols and CJK punctuation, the characters screens are made of.
  private static let tableLimit: UInt32 = 0x3400

  /// Each one-scalar character's width below ``tableLimit``, computed once by the rules so it
  /// cannot disagree with them.
  private static let table: [UInt8] = (0..<tableLimit).map { value in
    Unicode.Scalar(value).map { UInt8(computed(Character($0))) } ?? 0
  }

  /// The width by the Unicode properties, for any cluster.
  private static func computed(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let base = scalars.first else { return 0 }
    if base.isASCII && scalars.count == 1 {
      // Fast path. A cluster such as "1️⃣" or "e\u{301}" also starts with ASCII, so it goes on.
      return (0x20..<0x7F).contains(base.value) ? 1 : 0
    }
    if isZeroWidth(base) { return 0 }
    if base.properties.isEmojiPresentation {
      // U+FE0E asks for the text form, which terminals draw one column wide.
      return scalars.contains(textSelector) ? 1 : 2
    }
    if base.properties.isEmoji && scalars.contains(emojiSelector) {
      return 2  // "❤️", keycaps such as "1️⃣": text-default emoji forced to emoji form.
    }
    return isWide(base.value) ? 2 : 1
  }

  /// The columns a string takes: the sum of its characters' widths.
  package static func of(_ string: some StringProtocol) -> Int {
    if let width = scalarWidth(of: string) { return width }
    var total = 0
    for character in string { total += of(character) }
    return total
  }

  private static let textSelector: Unicode.Scalar = "\u{FE0E}"
  private static let emojiSelector: Unicode.Scalar = "\u{FE0F}"

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control, .lineSeparator, .paragraphSeparator:
      return true
    case .format:
      return scalar.value != 0x00AD  // The soft hyphen is drawn as a hyphen by terminals.
    default:
      // Hangul medial vowels and final consonants join the preceding syllable.
      return (0x1160...0x11FF).contains(scalar.value)
    }
  }

  /// East Asian Wide and Fullwidth ranges (Unicode 15), sorted, for a binary search.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
