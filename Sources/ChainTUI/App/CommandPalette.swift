/// The command palette's matching: which rows a query keeps, best first.
///
/// A query matches a row when its letters appear in the row's text in order, ignoring case
/// and the query's spaces (`cel0` finds `cell0`). Letters that follow each other, that start
/// a word or the text, and a query that is a whole word of the text score higher, so a few
/// letters of a panel's name put it on top.
enum CommandPalette {
  /// The rows a query keeps, best first.
  ///
  /// Rows that score the same keep their order; an empty query keeps every row in order.
  static func ranked(_ items: [PaletteItem], query: String) -> [PaletteItem] {
    let words = query.lowercased().split(separator: " ").map(Array.init)
    guard !words.isEmpty else { return items }
    let scored = items.enumerated().compactMap { offset, item -> (Int, Int, PaletteItem)? in
      let text = Array(item.text.lowercased())
      var total = 0
      for word in words {
        guard let score = score(word, in: text) else { return nil }
        total += score
      }
      return (total, offset, item)
    }
    return scored.sorted { ($0.0, -$0.1) > ($1.0, -$1.1) }.map(\.2)
  }

  /// How well a word's letters match a text in order, or `nil` when they do not; the best of
  /// the alignments that start at each place the word's first letter occurs.
  static func score(_ word: [Character], in text: [Character]) -> Int? {
    guard let first = word.first else { return 0 }
    var best: Int?
    for start in text.indices where text[start] == first {
      guard let score = score(word, in: text, from: start) else { break }
      if best.map({ score > $0 }) ?? true { best = score }
    }
    return best
  }

  /// The score of the alignment that takes the word's first letter at `start` and each next
  /// letter at its first occurrence after the one before; `nil` when a letter has none.
  private static func score(_ word: [Character], in text: [Character], from start: Int) -> Int? {
    var score = 0
    var previous = start - 1
    for letter in word {
      guard let at = text[(previous + 1)...].firstIndex(of: letter) else { return nil }
      score += 1
      if at == previous + 1 && at != start { score += 5 }
      if at == 0 || isSeparator(text[at - 1]) { score += 4 }
      if at == 0 { score += 4 }
      if at != start { score -= min(3, at - previous - 1) }
      previous = at
    }
    // The word is a whole word of the text: a name typed in full beats a longer one it starts.
    let end = start + word.count
    if text[start..<min(end, text.count)].elementsEqual(word),
      start == 0 || isSeparator(text[start - 1]), end == text.count || isSeparator(text[end])
    {
      score += 10
    }
    return score
  }

  private static func isSeparator(_ character: Character) -> Bool {
    !(character.isLetter || character.isNumber)
  }
}
