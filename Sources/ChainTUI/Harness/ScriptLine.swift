/// One script line being parsed: its tokens and a cursor over them.
///
/// Each command reads the tokens it needs with ``next(_:)`` and friends and then calls
/// ``end(after:)``, so a missing token and a surplus one both name what was expected.
struct ScriptLine {
  let file: String
  let number: Int
  let text: String
  let tokens: [ScriptToken]
  private var position = 0

  init(text: String, file: String, number: Int) throws(ScriptSyntaxError) {
    self.file = file
    self.number = number
    self.text = text
    let characters = Array(text)
    let lexer = ScriptLexer(characters: characters) {
      SourceLocation(file: file, line: number, column: $0)
    }
    self.tokens = try lexer.tokens()
  }

  /// The column just past the line's last token: where a missing token should have been.
  var endColumn: Int {
    tokens.last?.endColumn ?? 1
  }

  /// The line as written, without the comment or surrounding blanks, for failure messages.
  var source: String {
    guard let first = tokens.first else { return "" }
    let fromFirst = text.dropFirst(first.column - 1)
    return String(fromFirst.prefix(endColumn - first.column))
  }

  func location(_ column: Int) -> SourceLocation {
    SourceLocation(file: file, line: number, column: column)
  }

  func error(_ message: String, at token: ScriptToken?) -> ScriptSyntaxError {
    ScriptSyntaxError(message, at: location(token?.column ?? endColumn))
  }

  /// Whether tokens are left.
  var hasMore: Bool { position < tokens.count }

  /// Whether the next token is the bare word `word` (never a quoted string); `false` for `nil`.
  func isAt(_ word: String?) -> Bool {
    guard let word, position < tokens.count else { return false }
    return !tokens[position].isQuotedString && tokens[position].text == word
  }

  /// The next token without taking it, `nil` at the end of the line.
  var upcoming: ScriptToken? { position < tokens.count ? tokens[position] : nil }

  /// The next token, or an error saying what was expected at the end of the line.
  mutating func next(_ expected: String) throws(ScriptSyntaxError) -> ScriptToken {
    guard position < tokens.count else {
      throw error("expected \(expected) here, at the end of the line", at: nil)
    }
    position += 1
    return tokens[position - 1]
  }

  /// The next token if it is exactly one of the words; otherwise an error naming them.
  mutating func keyword(_ words: [String], after context: String) throws(ScriptSyntaxError)
    -> String
  {
    let expected = words.map { "'\($0)'" }.joined(separator: " or ")
    let token = try next("\(expected) after \(context)")
    guard !token.isQuotedString, words.contains(token.text) else {
      throw error("expected \(expected) after \(context), found '\(token.text)'", at: token)
    }
    return token.text
  }

  /// The next token, which must be one quoted string.
  mutating func quoted(_ what: String) throws(ScriptSyntaxError) -> String {
    let token = try next("\(what) in double quotes")
    guard token.isQuotedString else {
      throw error("expected \(what) in double quotes, found '\(token.text)'", at: token)
    }
    return token.text
  }

  /// A name: a bare word or a quoted string, not empty.
  mutating func name(_ what: String) throws(ScriptSyntaxError) -> String {
    let token = try next(what)
    guard !token.text.isEmpty else { throw error("expected \(what), found \"\"", at: token) }
    return token.text
  }

  /// Fails if any token is left, naming the command it follows.
  func end(after command: String) throws(ScriptSyntaxError) {
    guard position < tokens.count else { return }
    let token = tokens[position]
    throw error("expected the end of the line after \(command), found '\(token.text)'", at: token)
  }
}
