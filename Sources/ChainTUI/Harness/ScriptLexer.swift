/// One word of a script line: bare text, a quoted string, or both glued together (`key="a b"`).
struct ScriptToken: Sendable, Equatable {
  /// The text with quotes removed and escapes resolved.
  var text: String
  /// The column of the token's first character, from 1.
  var column: Int
  /// Whether the whole token is one quoted string, as text arguments must be.
  var isQuotedString: Bool
  /// The column just past the token's last character.
  var endColumn: Int
}

/// Splits one line into tokens, shell-like: blanks separate tokens, quotes group, `#` at the
/// start of a token begins a comment that runs to the end of the line.
///
/// It walks the line's characters once and never looks back, so any input ends in linear time.
struct ScriptLexer {
  let characters: [Character]
  let location: (Int) -> SourceLocation

  /// The escapes a quoted string accepts, for messages.
  static let escapes = #"\" \\ \n \t \e \u{HEX}"#

  /// The line's tokens, or the first syntax error in it.
  func tokens() throws(ScriptSyntaxError) -> [ScriptToken] {
    var tokens: [ScriptToken] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if Self.isBlank(character) {
        index += 1
        continue
      }
      if character == "#" { break }
      let start = index
      var text = ""
      var quotedParts = 0
      var bareParts = 0
      while index < characters.count, !Self.isBlank(characters[index]) {
        if characters[index] == "\"" {
          text += try string(from: &index)
          quotedParts += 1
        } else {
          text.append(characters[index])
          index += 1
          bareParts += 1
        }
      }
      tokens.append(
        ScriptToken(
          text: text, column: start + 1, isQuotedString: quotedParts == 1 && bareParts == 0,
          endColumn: index + 1))
    }
    return tokens
  }

  /// Reads a quoted string starting at the opening quote; leaves `index` after the closing one.
  private func string(from index: inout Int) throws(ScriptSyntaxError) -> String {
    let opening = index
    index += 1
    var text = ""
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        index += 1
        return text
      }
      if character == "\\" {
        text += try escape(at: &index)
        continue
      }
      text.append(character)
      index += 1
    }
    throw ScriptSyntaxError(
      "expected a closing \" for the string that starts here", at: location(opening + 1))
  }

  /// Resolves the escape whose backslash is at `index`; leaves `index` after it.
  private func escape(at index: inout Int) throws(ScriptSyntaxError) -> String {
    let backslash = index
    let failure = ScriptSyntaxError(
      "expected an escape (\(Self.escapes)) after the backslash", at: location(backslash + 1))
    guard index + 1 < characters.count else { throw failure }
    index += 2
    switch characters[backslash + 1] {
    case "\"": return "\""
    case "\\": return "\\"
    case "n": return "\n"
    case "t": return "\t"
    case "e": return "\u{1B}"
    case "u": break
    default: throw failure
    }
    // \u{HEX}: one to six hex digits naming a Unicode scalar.
    guard index < characters.count, characters[index] == "{" else { throw failure }
    var digits = ""
    index += 1
    while index < characters.count, characters[index] != "}", digits.count <= 6 {
      digits.append(characters[index])
      index += 1
    }
    guard index < characters.count, characters[index] == "}", !digits.isEmpty,
      digits.count <= 6, let value = UInt32(digits, radix: 16),
      let scalar = Unicode.Scalar(value)
    else {
      throw ScriptSyntaxError(
        "expected one to six hex digits naming a Unicode scalar in \\u{...}",
        at: location(backslash + 1))
    }
    index += 1
    return String(Character(scalar))
  }

  static func isBlank(_ character: Character) -> Bool {
    character == " " || character == "\t"
  }
}
