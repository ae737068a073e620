/// Word wrapping by display columns, for text that should be read whole rather than clipped.
enum TextWrap {
  /// `text` broken into lines of at most `width` columns at spaces, keeping the spaces inside a
  /// line (aligned columns stay aligned); a word longer than a line is cut.
  ///
  /// A continuation line is indented to the line's second column when it has one (text after a
  /// run of two or more spaces, as in `  key    what it does`), else to the line's own indent.
  ///
  /// - Parameters:
  ///   - text: One line of text.
  ///   - width: The most columns per line; at least 1.
  /// - Returns: The lines, at least one.
  static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    guard DisplayWidth.of(text) > width else { return [text] }
    let hanging = String(repeating: " ", count: hangingIndent(of: text, width: width))
    var lines: [String] = []
    var current = ""
    for token in tokens(of: text) {
      let word = token.drop { $0 == " " }
      let atLineStart = current.isEmpty || current == hanging
      let piece = atLineStart && !lines.isEmpty ? Substring(word) : token
      if DisplayWidth.of(current) + DisplayWidth.of(piece) <= width {
        current += piece
        continue
      }
      if !atLineStart {
        lines.append(current)
        current = hanging
      }
      var rest = word
      while DisplayWidth.of(current) + DisplayWidth.of(rest) > width {
        let room = max(1, width - DisplayWidth.of(current))
        var cut = ""
        for character in rest {
          if DisplayWidth.of(cut) + DisplayWidth.of(character) > room { break }
          cut.append(character)
        }
        if cut.isEmpty, let first = rest.first { cut = String(first) }
        lines.append(current + cut)
        rest = rest.dropFirst(cut.count)
        current = hanging
      }
      current += rest
    }
    if !current.isEmpty && current != hanging || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// The text split before each run of spaces: every token is spaces, then a word.
  private static func tokens(of text: String) -> [Substring] {
    var tokens: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    var inWord = false
    while index < text.endIndex {
      let isSpace = text[index] == " "
      if isSpace, inWord {
        tokens.append(text[start..<index])
        start = index
      }
      inWord = !isSpace
      index = text.index(after: index)
    }
    if start < text.endIndex { tokens.append(text[start...]) }
    return tokens
  }

  /// Where continuation lines start: the second column if the line has one within the first
  /// half, else the line's own indent (if within the first half), else 0.
  private static func hangingIndent(of text: String, width: Int) -> Int {
    let characters = Array(text)
    var index = characters.prefix { $0 == " " }.count
    let indent = index
    while index + 1 < characters.count {
      if characters[index] == " ", characters[index + 1] == " " {
        var column = index
        while column < characters.count, characters[column] == " " { column += 1 }
        if column < characters.count, DisplayWidth.of(String(characters[..<column])) < width / 2 {
          return DisplayWidth.of(String(characters[..<column]))
        }
        break
      }
      index += 1
    }
    return indent < width / 2 ? indent : 0
  }
}
