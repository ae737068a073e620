import SwiftDiagnostics
import SwiftSyntax

/// The mechanical repairs `@ChainEvents` offers with its diagnostics: each one edits the
/// protocol as the diagnostic's message says, and nothing else.
///
/// A mistake whose repair needs a choice (which concrete type replaces a generic parameter,
/// where a property goes, what a reserved name becomes) gets no fix-it: a guess applied with one
/// click would be a new mistake.
enum ChainEventsFixIt: FixItMessage {
  case remove(keyword: String)
  case addMainActor
  case takeArray(element: String)
  case markSendable
  case rename(to: String)

  var message: String {
    switch self {
    case .remove(let keyword): "remove '\(keyword)'"
    case .addMainActor: "mark the protocol '@MainActor'"
    case .takeArray(let element): "take '[\(element)]'"
    case .markSendable: "mark the closure type '@Sendable'"
    case .rename(let name): "rename to '\(name)'"
    }
  }

  var fixItID: MessageID {
    MessageID(domain: "ChainEvents", id: "\(self)".prefix { $0 != "(" }.description)
  }

  /// Removes `node` (a keyword or a clause) and the blank that separates it from its neighbour.
  static func removing(_ node: some SyntaxProtocol) -> FixIt {
    let start: AbsolutePosition
    let end: AbsolutePosition
    if node.trailingTrivia.isEmpty, let previous = node.previousToken(viewMode: .sourceAccurate),
      previous.trailingTrivia.allSatisfy(\.isSpaceOrTab)
    {
      // `func load() throws`: the blank before the keyword goes with it.
      start = previous.endPositionBeforeTrailingTrivia
      end = node.endPositionBeforeTrailingTrivia
    } else {
      start = node.positionAfterSkippingLeadingTrivia
      end = node.endPosition
    }
    return FixIt(
      message: remove(keyword: node.trimmedDescription),
      changes: [.replaceText(range: start..<end, with: "", in: Syntax(node))])
  }

  /// Inserts `text` just before `node`'s first character.
  static func inserting(_ text: String, before node: some SyntaxProtocol, message: Self) -> FixIt {
    let position = node.positionAfterSkippingLeadingTrivia
    return FixIt(
      message: message,
      changes: [.replaceText(range: position..<position, with: text, in: Syntax(node))])
  }

  /// Replaces the text from `first` through `last` (not their outer trivia) with `text`.
  static func replacing(
    from first: some SyntaxProtocol, through last: some SyntaxProtocol, with text: String,
    message: Self
  ) -> FixIt {
    let range = first.positionAfterSkippingLeadingTrivia..<last.endPositionBeforeTrailingTrivia
    return FixIt(
      message: message, changes: [.replaceText(range: range, with: text, in: Syntax(first))])
  }
}
