/// `on NAME [capture|bubble] ACTION...`: a listener (or, with `answer` or `decline`, a
/// responder) at the panel's node.
package struct TreeListener: Sendable {
  /// The event's or request's name.
  package var name: String
  /// Whether it runs on the way down.
  package var capture: Bool
  /// What it does, in order (`log` when none is written).
  package var actions: [TreeAction]
  /// Where it was written.
  package var location: SourceLocation

  /// Whether it answers requests rather than listening to events.
  package var isResponder: Bool {
    actions.contains { $0.kind.isAnswer || $0.kind == .decline }
  }
}

/// One thing a listener does, with where it was written.
package struct TreeAction: Sendable {
  /// What it does.
  package var kind: Kind
  /// Where the action's word is.
  package var location: SourceLocation

  /// What a listener can do.
  package enum Kind: Sendable, Equatable {
    /// Notes the event and its params in the panel's log.
    case log
    /// Counts the event as handled in the panel's body.
    case handle
    /// `ctx.stopPropagation()`.
    case stopPropagation
    /// `ctx.stopImmediatePropagation()`.
    case stopImmediatePropagation
    /// `ctx.preventDefault()`.
    case preventDefault
    /// Throws an error with this message.
    case throwError(String)
    /// Adds or rewrites params on the way up (an interceptor).
    case decorate([TreeParam])
    /// Shares a value down the panel's subtree.
    case share(String, TreeText)
    /// Posts another event from the panel's node, nested in this one.
    case post(String, [TreeParam])
    /// Sets one of the panel's fields.
    case set(String, TreeText)
    /// Answers a request with this value.
    case answer(TreeText)
    /// Declines a request, so it goes on up.
    case decline
  }
}
