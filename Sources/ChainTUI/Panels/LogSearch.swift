/// A search in a panel's log: every place a query occurs, ignoring case, oldest line first.
///
/// The matches are found afresh from the log's lines whenever they are asked for, so lines that
/// arrive or drop out during a search are counted as the screen shows them.
struct LogSearch: Equatable, Sendable {
  /// One occurrence of the query: its line among the log's lines, and where in the line it is.
  struct Match: Equatable, Sendable {
    /// The line's index among the log's lines, oldest first.
    let line: Int
    /// The columns before the match on its line.
    let column: Int
    /// The match's text as it stands in the line.
    let text: String
  }

  /// What is searched for; an empty query matches nothing.
  let query: String

  /// Every occurrence of the query in `lines`, in reading order; occurrences do not overlap.
  func matches(in lines: some Sequence<String>) -> [Match] {
    guard !query.isEmpty else { return [] }
    var found: [Match] = []
    for (index, line) in lines.enumerated() { found += matches(inLine: line, at: index) }
    return found
  }

  /// The occurrences of the query in one line, which is the log's line `lineIndex`.
  func matches(inLine line: String, at lineIndex: Int) -> [Match] {
    guard !query.isEmpty else { return [] }
    let wanted = query.map { $0.lowercased() }
    let characters = Array(line)
    var found: [Match] = []
    var index = 0
    var column = 0
    while index + wanted.count <= characters.count {
      let hit = wanted.indices.allSatisfy { characters[index + $0].lowercased() == wanted[$0] }
      guard hit else {
        column += DisplayWidth.of(characters[index])
        index += 1
        continue
      }
      let text = String(characters[index..<(index + wanted.count)])
      found.append(Match(line: lineIndex, column: column, text: text))
      column += DisplayWidth.of(text)
      index += wanted.count
    }
    return found
  }
}
