/// The errors ChainKit itself reports: refused mounts and runaway nesting.
public enum ChainError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Mounting `child` under `parent` would put a node under itself.
  case mountCycle(child: String, parent: String)
  /// A nested post went deeper than the nesting limit; the nested dispatch did not run.
  case nestingTooDeep(key: String, limit: Int)

  /// A sentence naming what was refused and why.
  public var description: String {
    switch self {
    case .mountCycle(let child, let parent) where child == parent:
      "cannot mount '\(child)' under itself"
    case .mountCycle(let child, let parent):
      "cannot mount '\(child)' under '\(parent)': '\(parent)' is already below '\(child)', "
        + "so the tree would have a cycle"
    case .nestingTooDeep(let key, let limit):
      "event '\(key)' was not dispatched: nested posts went deeper than the limit of \(limit) "
        + "(a listener that posts is probably re-triggering itself)"
    }
  }
}

/// An error thrown by a listener, with where it was thrown.
public struct ListenerError: Error, Sendable, CustomStringConvertible {
  /// The node whose listener threw.
  public let node: String
  /// The key being dispatched.
  public let key: String
  /// The phase the listener ran in.
  public let phase: Phase
  /// What the listener threw.
  public let underlying: any Error

  /// `node/phase/key: error`, for logs and traces.
  public var description: String { "\(node) (\(phase.rawValue)) \(key): \(underlying)" }
}
