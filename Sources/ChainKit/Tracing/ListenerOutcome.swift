/// What became of one listener (or responder) of a node when a dispatch visited it.
///
/// The record types of ChainKitTracing spell it out; see `ListenerRecord.Outcome` there.
@usableFromInline
package enum ListenerOutcome: Sendable {
  case ran, stopped, stoppedImmediately, threw, answered, declined, otherPhase, removed
  case skippedAfterStop, skippedAfterAnswer

  /// Whether the listener ran (whatever it then did).
  package var ran: Bool {
    switch self {
    case .ran, .stopped, .stoppedImmediately, .threw, .answered, .declined: true
    case .otherPhase, .removed, .skippedAfterStop, .skippedAfterAnswer: false
    }
  }

  /// Which of two outcomes for the same listener at one node a hop keeps (the higher, or at
  /// equal rank the later): at the target a listener is seen by both passes, as "other phase" by
  /// one of them.
  package var rank: Int {
    if ran { return 3 }
    switch self {
    case .removed: return 2
    case .skippedAfterStop, .skippedAfterAnswer: return 1
    default: return 0
    }
  }

  /// Its four bits in a packed word (``PackedListenerOutcomes``).
  @inlinable package var code: UInt64 {
    switch self {
    case .ran: 0
    case .stopped: 1
    case .stoppedImmediately: 2
    case .threw: 3
    case .answered: 4
    case .declined: 5
    case .otherPhase: 6
    case .removed: 7
    case .skippedAfterStop: 8
    case .skippedAfterAnswer: 9
    }
  }

  /// The outcome whose ``code`` is `code`.
  package init(code: UInt64) {
    switch code {
    case 0: self = .ran
    case 1: self = .stopped
    case 2: self = .stoppedImmediately
    case 3: self = .threw
    case 4: self = .answered
    case 5: self = .declined
    case 6: self = .otherPhase
    case 7: self = .removed
    case 8: self = .skippedAfterStop
    default: self = .skippedAfterAnswer
    }
  }
}
