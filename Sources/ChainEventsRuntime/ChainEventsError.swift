/// What a `@ChainEvents` interceptor did wrong.
public enum ChainEventsError: Error, Sendable, CustomStringConvertible {
  /// An interceptor replaced an event with another method's case; the event kept its arguments.
  case caseChanged(event: String, to: String)

  /// A one-line account of the mistake.
  public var description: String {
    switch self {
    case .caseChanged(let event, let other):
      "an interceptor of \(event) changed it to \(other): rewrite its arguments, not its case"
    }
  }
}
