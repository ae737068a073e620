/// What a listener knows about the event it is handling, and how it steers the rest of the dispatch.
///
/// Listeners receive the context `inout`; it lives only for the call and cannot escape.
public struct EventContext {
  /// The event's key name.
  public let key: String
  /// The phase the listener runs in.
  public var phase: Phase { currentPhase }
  /// An identifier unique to this dispatch, matching its trace record.
  public let dispatchID: UInt64
  @usableFromInline var currentPhase: Phase
  @usableFromInline unowned(unsafe) let targetCore: NodeCore
  @usableFromInline unowned(unsafe) var currentCore: NodeCore
  @usableFromInline var stopRequested = false
  @usableFromInline var immediateStopRequested = false
  @usableFromInline var prevented = false
  @usableFromInline var listenersRun = 0
  @usableFromInline var errors: [any Error]

  @inlinable
  init(key: String, phase: Phase, dispatchID: UInt64, target: NodeCore) {
    self.key = key
    self.currentPhase = phase
    self.dispatchID = dispatchID
    self.targetCore = target
    self.currentCore = target
    // NB: here rather than as a default value, whose initializer is an out-of-line call.
    self.errors = []
  }

  /// The node the event was posted to (`nil` if its owner has released it since).
  @MainActor public var target: Node? { targetCore.node }
  /// The node whose listener is running (`nil` if its owner has released it during the dispatch).
  @MainActor public var currentNode: Node? { currentCore.node }
  /// The target's name.
  @MainActor public var targetName: String { targetCore.name }
  /// The name of the node whose listener is running.
  @MainActor public var currentName: String { currentCore.name }

  /// Lets this node's remaining listeners run, then ends the dispatch.
  public mutating func stopPropagation() { stopRequested = true }
  /// Ends the dispatch at once: no further listener runs, not even at this node.
  public mutating func stopImmediatePropagation() {
    stopRequested = true
    immediateStopRequested = true
  }
  /// Marks the event as prevented; the poster sees it in ``Outcome/isPrevented``.
  public mutating func preventDefault() { prevented = true }
  /// Whether a listener has called ``preventDefault()``.
  public var isDefaultPrevented: Bool { prevented }
  /// Whether a listener has stopped propagation.
  public var isPropagationStopped: Bool { stopRequested }

  @usableFromInline var outcome: Outcome {
    Outcome(
      isPrevented: prevented, isStopped: stopRequested, listenersRun: listenersRun, errors: errors)
  }
}
