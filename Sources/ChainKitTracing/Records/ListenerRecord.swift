import ChainKit

/// What became of one listener (or responder) of a node when a dispatch visited it: whether it
/// ran, and if not, why not.
///
/// A hop lists every registration the node had for the key when the dispatch arrived (its
/// snapshot), in registration order; together with the hops of the other nodes this answers
/// "why did my listener run, or not" from a trace alone (see <doc:Tracing>).
public struct ListenerRecord: Codable, Sendable, Equatable {
  /// What happened to the listener.
  public enum Outcome: String, Codable, Sendable {
    /// It ran and returned.
    case ran
    /// It ran and called `stopPropagation()`.
    case stopped
    /// It ran and called `stopImmediatePropagation()`.
    case stoppedImmediately
    /// It ran and threw.
    case threw
    /// A responder that ran and answered.
    case answered
    /// A responder that ran and returned `nil`.
    case declined
    /// It did not run: it is registered for the other phase (capture or not).
    case otherPhase
    /// It did not run: it was removed (cancelled, a `once` listener used, its target gone)
    /// after the dispatch arrived and before its turn.
    case removed
    /// It did not run: a listener before it here stopped the event immediately, or a capture
    /// listener at the target stopped it before the target's other listeners.
    case skippedAfterStop
    /// It did not run: a responder before it here answered and ended the request.
    case skippedAfterAnswer
  }

  /// Its place among the node's registrations for the key, from 1, in registration order.
  public var index: Int
  /// Whether it is a capture listener.
  public var capture: Bool
  /// What happened to it.
  public var outcome: Outcome

  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - index: Its place among the node's registrations for the key, from 1.
  ///   - capture: Whether it is a capture listener.
  ///   - outcome: What happened to it.
  public init(index: Int, capture: Bool = false, outcome: Outcome) {
    self.index = index
    self.capture = capture
    self.outcome = outcome
  }

  /// Whether it ran (whatever it then did).
  public var ran: Bool {
    switch outcome {
    case .ran, .stopped, .stoppedImmediately, .threw, .answered, .declined: true
    case .otherPhase, .removed, .skippedAfterStop, .skippedAfterAnswer: false
    }
  }

  /// Which of two outcomes for the same listener at one node a hop keeps: at the target a
  /// listener is seen by both passes, as "other phase" by one of them.
  var rank: Int { ListenerOutcome(outcome).rank }
}
