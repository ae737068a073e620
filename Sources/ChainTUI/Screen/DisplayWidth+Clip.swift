extension DisplayWidth {
  /// Text cut to fit a number of columns, ending with `…` when something was cut, so a reader
  /// knows there is more than the screen shows.
  ///
  /// A wide glyph that would straddle the edge is left out whole; a width below 1 gives "".
  package static func clipped(_ text: String, to columns: Int) -> String {
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
