/// The errors ChainKit itself reports in an ``Outcome``: runaway nesting and write loops.
///
/// A refused mount is not one of them: ``Node/mount(at:)`` throws its own ``MountCycleError``.
public enum ChainError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Work started from inside other work (a post, a request, a publish, a share, a property's
  /// notification) nested deeper than the ``ReentryGuard``'s limit; it did not run.
  case nestingTooDeep(key: String, limit: Int)
  /// Observers of a property (or a hook) kept writing to it (or calling it) from their own
  /// notifications; the writes were deferred round after round and the last one was not
  /// notified.
  case writeLoop(name: String, rounds: Int)

  /// A sentence naming what was refused and why.
  public var description: String {
    switch self {
    case .nestingTooDeep(let key, let limit):
      "'\(key)' was not dispatched: nested work went deeper than the limit of \(limit) "
        + "(a listener, subscriber or observer is probably re-triggering itself)"
    case .writeLoop(let name, let rounds):
      "'\(name)' was written again by its own observers \(rounds) rounds in a row; the last "
        + "write was stored but not notified (an observer that writes its own value is probably "
        + "re-triggering itself)"
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
