/// What a listener with a deferred delivery mode receives: a copy of the event, taken when the
/// event reached the listener's node.
///
/// It has no `stopPropagation()` or `preventDefault()` on purpose: by the time a next-turn or
/// background listener runs, the dispatch has returned and its outcome is final, so a deferred
/// listener cannot steer it. Trying does not compile.
public struct DeliveredEvent<Payload> {
  /// The payload, as it was at the listener's node (after interceptors there).
  public let payload: Payload
  /// The event's key name.
  public let key: String
  /// The name of the node the event was posted to.
  public let targetName: String
  /// The name of the node the listener is registered at.
  public let nodeName: String
  /// The phase the event was in when it reached the listener.
  public let phase: Phase
  /// The dispatch's id, matching its trace record.
  public let dispatchID: UInt64

  @MainActor
  init(_ ctx: borrowing EventContext, payload: Payload) {
    self.payload = payload
    key = ctx.key
    targetName = ctx.targetName
    nodeName = ctx.currentName
    phase = ctx.phase
    dispatchID = ctx.dispatchID
  }
}

extension DeliveredEvent: Sendable where Payload: Sendable {}

extension DeliveredEvent: CustomStringConvertible {
  /// `key(payload) at node (phase)`, for logs.
  public var description: String { "\(key)(\(payload)) at \(nodeName) (\(phase.rawValue))" }
}

/// Runs a listener on the main actor's next turn: after the dispatch (and the post that started
/// it) has returned.
public enum NextTurnDelivery: Sendable {
  /// Queue the call; one main-actor job runs the queued calls in order.
  case nextTurn
}

/// Runs a listener off the main actor, on a serial executor of its own.
public enum BackgroundDelivery: Sendable {
  /// Queue the call on the listener's own serial lane, which runs calls in order off the main
  /// actor.
  case background
}
