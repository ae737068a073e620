// Delivery: threads and delivery modes. Next-turn listeners queue their calls on the main
// actor's `NextTurnQueue`; background listeners hand them to a `BackgroundLane` of their own;
// `RemoteNode` lets any thread post through one lock-protected queue drained on the main actor.

extension Node {
  /// Registers a listener that runs on the main actor's next turn, after the dispatch returned.
  ///
  /// The registration is an ordinary listener at this node, so it takes part in the dispatch in
  /// registration order; what it does there is copy the event into a ``DeliveredEvent`` and queue
  /// the call. Queued calls run in queue order, in a later main-actor job; calls queued while that
  /// job runs wait for the next one. Cancelling the token (or releasing the node) stops calls
  /// not yet started. The listener cannot stop or prevent the event: the dispatch is over.
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``NextTurnDelivery/nextTurn``.
  ///   - body: The listener.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on<Payload>(
    _ key: EventKey<Payload>,
    capture: Bool = false,
    delivery: NextTurnDelivery,
    _ body: @escaping @MainActor (DeliveredEvent<Payload>) -> Void
  ) -> Subscription {
    let ticket = Ticket()
    let runtime = core.runtime
    let box = ListenerBox<Payload>(
      keyID: key.id, capture: capture, once: false, target: nil, ticket: ticket
    ) { ctx, payload in
      let event = DeliveredEvent(ctx, payload: payload)
      runtime.nextTurn.enqueue(ticket, in: runtime) { body(event) }
    }
    core.add(box)
    return ticket
  }

  /// Registers a listener that runs off the main actor, on a serial executor of its own.
  ///
  /// The registration is an ordinary listener at this node; in the dispatch it copies the event
  /// into a ``DeliveredEvent`` and queues it on the listener's lane, without waiting. The lane
  /// runs the calls one at a time, in the order they were queued, never on the main actor.
  /// Cancelling the token stops calls not yet started. The listener cannot stop or prevent the
  /// event: the dispatch is over.
  ///
  /// - Parameters:
  ///   - key: The event to listen for; its payload crosses threads, so it must be `Sendable`.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``BackgroundDelivery/background``.
  ///   - body: The listener; it runs off the main actor.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on<Payload: Sendable>(
    _ key: EventKey<Payload>,
    capture: Bool = false,
    delivery: BackgroundDelivery,
    _ body: @escaping @Sendable (DeliveredEvent<Payload>) async -> Void
  ) -> Subscription {
    let lane = BackgroundLane(body: body)
    let box = ListenerBox<Payload>(keyID: key.id, capture: capture, once: false, target: nil) {
      ctx, payload in
      lane.enqueue(DeliveredEvent(ctx, payload: payload))
    }
    box.ticket.onCancel { lane.cancel() }
    core.add(box)
    return box.ticket
  }

  /// Registers a next-turn listener for the named event `name`.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``NextTurnDelivery/nextTurn``.
  ///   - body: The listener, given the event and its params.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on(
    _ name: String,
    capture: Bool = false,
    delivery: NextTurnDelivery,
    _ body: @escaping @MainActor (DeliveredEvent<Params>) -> Void
  ) -> Subscription {
    on(EventKey<Params>(name), capture: capture, delivery: delivery, body)
  }

  /// Registers a background listener for the named event `name`.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``BackgroundDelivery/background``.
  ///   - body: The listener, given the event and its params; it runs off the main actor.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on(
    _ name: String,
    capture: Bool = false,
    delivery: BackgroundDelivery,
    _ body: @escaping @Sendable (DeliveredEvent<Params>) async -> Void
  ) -> Subscription {
    on(EventKey<Params>(name), capture: capture, delivery: delivery, body)
  }
}
