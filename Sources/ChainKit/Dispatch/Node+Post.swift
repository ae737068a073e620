extension Node {
  /// Posts an event to this node and dispatches it synchronously.
  ///
  /// The path (this node, then its parents depth-first in mount order, each node once) is
  /// computed before any listener runs. The event goes down the path (capture), reaches this
  /// node (target), and, if the key bubbles, goes back up (bubble). A listener that posts gets
  /// its nested event dispatched at once, depth-first.
  ///
  /// - Parameters:
  ///   - key: The event's key.
  ///   - payload: The event's payload.
  /// - Returns: Whether the event was prevented or stopped, how many listeners ran, and errors.
  @inlinable @discardableResult
  public func post<Payload>(_ key: EventKey<Payload>, _ payload: Payload) -> Outcome {
    core.dispatch(keyID: key.id, key: key.name, bubbles: key.bubbles, payload: payload)
  }

  /// Posts an event that carries no payload.
  ///
  /// - Parameter key: The event's key.
  /// - Returns: What happened to the event.
  @inlinable @discardableResult
  public func post(_ key: EventKey<Void>) -> Outcome {
    core.dispatch(keyID: key.id, key: key.name, bubbles: key.bubbles, payload: ())
  }

  /// Posts a named event with a ``Params`` bag (Domino's simple event, the router's event).
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - params: Its parameters.
  /// - Returns: What happened to the event.
  @discardableResult
  public func post(_ name: String, _ params: Params = [:]) -> Outcome {
    post(EventKey<Params>(name), params)
  }
}
