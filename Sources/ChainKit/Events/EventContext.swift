/// What a listener knows about the event it is handling, and how it steers the rest of the dispatch.
///
/// A context is lent to each listener, interceptor and responder `inout` for the length of the
/// call. It is noncopyable, so it cannot outlive that call: storing it, returning it or capturing
/// it in an escaping closure does not compile. Copy out what you need instead (``key``,
/// ``targetName``, ``dispatchID``), or use a ``DeliveredEvent`` listener to run later.
public struct EventContext: ~Copyable {
  /// The event's key name.
  ///
  /// NB: looked up when read, so that a dispatch does not retain and release the name.
  public var key: String { KeyRegistry.shared.name(of: keyID) }
  @usableFromInline let keyID: Int
  /// The phase the listener runs in.
  public var phase: Phase { currentPhase }
  /// An identifier unique to this dispatch, matching its trace record.
  public let dispatchID: UInt64
  @usableFromInline var currentPhase: Phase
  // Unretained: dispatch holds the path that owns both cores for as long as the context exists,
  // and the context cannot outlive the dispatch (it is noncopyable and only lent).
  @usableFromInline let targetReference: Unretained<NodeCore>
  @usableFromInline var currentReference: Unretained<NodeCore>
  @usableFromInline package var stopRequested = false
  @usableFromInline package var immediateStopRequested = false
  /// How many times propagation was stopped: tells a stop by a capture listener at the target
  /// (which ends the event before the target's other listeners) from an interceptor's (which
  /// lets them run).
  @usableFromInline package var stopCount = 0
  @usableFromInline package var prevented = false
  @usableFromInline package var listenersRun = 0
  /// What listeners threw, in order.
  ///
  /// NB: read between listener calls only: the dispatch's errors are then the last
  /// ``errorCount`` entries of the runtime's stack of thrown errors.
  @MainActor @usableFromInline package var errors: [any Error] {
    Array(targetCore.runtime.thrownErrors(last: errorCount))
  }
  /// How many listeners threw, without making the array ``errors`` returns when there is none.
  ///
  /// NB: the errors themselves wait on the runtime's stack (``ChainRuntime/thrownErrors``), so
  /// that the context holds no reference: its destruction is nothing, and a dispatch without
  /// errors neither retains nor releases anything for them.
  @usableFromInline package private(set) var errorCount = 0

  @inlinable
  init(keyID: Int, phase: Phase, dispatchID: UInt64, target: NodeCore) {
    self.keyID = keyID
    self.currentPhase = phase
    self.dispatchID = dispatchID
    self.targetReference = Unretained(target)
    self.currentReference = Unretained(target)
  }

  /// The core of the node the event was posted to.
  @usableFromInline var targetCore: NodeCore { targetReference.object }
  /// The core of the node whose listener is running.
  @usableFromInline var currentCore: NodeCore { currentReference.object }
  /// The identity of the node whose listener is running, as ``PathCache/nodeIDs`` lists it.
  @inlinable package var currentNodeID: ObjectIdentifier { ObjectIdentifier(currentCore) }
  /// The name of the node whose listener is running, for a recorder.
  package var currentNodeName: String { currentCore.name }

  /// The node the event was posted to (`nil` if its owner has released it since).
  @MainActor public var target: Node? { targetCore.node }
  /// The node whose listener is running (`nil` if its owner has released it during the dispatch).
  @MainActor public var currentNode: Node? { currentCore.node }
  /// The target's name.
  @MainActor public var targetName: String { targetCore.name }
  /// The name of the node whose listener is running.
  @MainActor public var currentName: String { currentCore.name }

  /// Lets this node's remaining listeners run, then ends the dispatch.
  ///
  /// Called from an interceptor, it lets every listener of the interceptor's node run. At the
  /// target, called from a capture listener, it ends the event before the target's other
  /// listeners, as in the DOM.
  public mutating func stopPropagation() {
    stopRequested = true
    stopCount &+= 1
  }

  /// Ends the dispatch at once: no further listener runs, not even at this node.
  public mutating func stopImmediatePropagation() {
    stopPropagation()
    immediateStopRequested = true
  }

  /// Adds an error to the outcome.
  @MainActor @usableFromInline
  mutating func record(_ error: any Error) {
    targetCore.runtime.pushThrown(error)
    errorCount &+= 1
  }

  /// Takes this dispatch's errors off the runtime's stack for its outcome (`nil`: none).
  @MainActor @inlinable
  mutating func takeErrors() -> [any Error]? {
    guard errorCount > 0 else { return nil }
    defer { errorCount = 0 }
    return targetCore.runtime.popThrown(errorCount)
  }

  /// Marks the event as prevented; the poster sees it in ``Outcome/isPrevented``.
  public mutating func preventDefault() { prevented = true }
  /// Whether a listener has called ``preventDefault()``.
  public var isDefaultPrevented: Bool { prevented }
  /// Whether a listener has stopped propagation.
  public var isPropagationStopped: Bool { stopRequested }
}
