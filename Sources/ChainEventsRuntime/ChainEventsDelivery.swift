public import ChainKit

/// When a `@ChainEvents` protocol subscription calls its target's event methods.
///
/// The modes of a target-bound node listener, for every event method of the protocol at once.
/// A request method is answered during the dispatch that asks it in every mode: an answer given
/// on a later turn would reach nobody.
public enum ChainEventsDelivery: Sendable {
  /// During the dispatch, on the main actor, before the post returns: a listener registered with
  /// `on(_:target:capture:_:)`.
  case immediate
  /// On the main actor's next turn, after the post returned: a listener registered with
  /// `on(_:target:capture:delivery:_:)` and `.nextTurn`.
  ///
  /// The call is queued during the dispatch and runs in queue order; a call queued before the
  /// target deallocated, or before the subscription was cancelled, does not run.
  case nextTurn

  /// Registers `handler` for `key` at `node`, bound to `target`, in this mode: what the
  /// generated `subscribe(_:on:delivery:)` calls for each event method.
  ///
  /// - Parameters:
  ///   - key: The event method's key.
  ///   - target: The subscribed object; held weakly and passed to `handler`.
  ///   - node: The node to register at.
  ///   - handler: Calls the event method on the target with the payload.
  /// - Returns: A token that cancels the registration.
  @MainActor
  public func register<Payload>(
    _ key: EventKey<Payload>, target: AnyObject, on node: Node,
    _ handler: @escaping @MainActor (AnyObject, Payload) -> Void
  ) -> Subscription {
    switch self {
    case .immediate:
      node.on(key, target: target) { object, _, payload in handler(object, payload) }
    case .nextTurn:
      node.on(key, target: target, delivery: .nextTurn) { object, event in
        handler(object, event.payload)
      }
    }
  }
}
