extension DisplayWidth {
  /// Text cut to fit a number of columns, ending with `…` when something was cut, so a reader
  /// knows there is more than the screen shows.
  ///
  /// A wide glyph that would straddle the edge is left out whole; a width below 1 gives "".
  package static func clipped(_ text: String, to columns: Int) -> String {
    // NB: no character is wider in columns than in UTF-8 bytes (a wide glyph takes 3 or 4), so
    // a text of no more bytes than columns fits, and is not measured: most lines are short.
    if text.utf8.count <= columns { return text }
    let cut = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      guard let (width, fitting) = scalarWidth(of: bytes, fitting: columns - 1) else { return nil }
      guard width > columns else { return text }
      guard columns > 0 else { return "" }
      return String(unsafeUninitializedCapacity: fitting + 3) { buffer in
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
        target.update(from: source, count: fitting)
        // The UTF-8 of `…`.
        (target + fitting).pointee = 0xE2
        (target + fitting + 1).pointee = 0x80
        (target + fitting + 2).pointee = 0xA6
        return fitting + 3
      }
    }
    if let cut = cut ?? nil { return cut }
    guard of(text) > columns else { return text }
    guard columns > 0 else { return "" }
    var kept = ""
    var width = 0
    for character in text {
      let next = of(character)
      // One column stays free for the ellipsis.
      guard width + next <= columns - 1 else { break }
      kept.append(character)
      width += next
    }
    return kept + "…"
  }
}
