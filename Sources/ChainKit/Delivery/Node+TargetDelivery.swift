extension Node {
  /// Registers a listener bound to `target` that runs on the main actor's next turn (Domino's
  /// target/action with a trigger mode).
  ///
  /// The lifetime of ``on(_:target:capture:_:)``, the delivery of
  /// ``on(_:capture:delivery:_:)-(EventKey<Payload>,_,NextTurnDelivery,_)``: the call is queued
  /// during the dispatch and runs after the post returned, in queue order; the listener is
  /// removed when `target` deallocates, and a call queued before that does not run. Registering
  /// the same target for the same key and phase again replaces the earlier listener, whatever
  /// its delivery mode.
  ///
  /// ```swift
  /// node.on(.itemClicked, target: self, delivery: .nextTurn) { me, event in
  ///   me.open(event.payload)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``NextTurnDelivery/nextTurn``.
  ///   - body: The listener, given the target and the event.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>,
    target: Target,
    capture: Bool = false,
    delivery: NextTurnDelivery,
    _ body: @escaping @MainActor (Target, DeliveredEvent<Payload>) -> Void
  ) -> Subscription {
    cancelListeners(of: target, keyID: key.id, capture: capture)
    let ticket = Ticket()
    let runtime = core.runtime
    let box = ListenerBox<Payload>(
      keyID: key.id, capture: capture, once: false, target: target, ticket: ticket
    ) { [weak target] ctx, payload in
      let event = DeliveredEvent(ctx, payload: payload)
      runtime.nextTurn.enqueue(ticket, in: runtime) {
        guard let target else { return }
        body(target, event)
      }
    }
    core.add(box)
    return ticket
  }

  /// Registers a listener bound to `target` that runs off the main actor, on a serial executor
  /// of its own.
  ///
  /// The lifetime of ``on(_:target:capture:_:)``, the delivery of
  /// ``on(_:capture:delivery:_:)-(EventKey<Payload>,_,BackgroundDelivery,_)``. The target is
  /// handed to a listener that runs off the main actor, so it is `Sendable`: an actor, or a
  /// class whose state is protected. It is held weakly; once it deallocates the listener is
  /// removed and calls not started yet do not run. Registering the same target for the same key
  /// and phase again replaces the earlier listener, whatever its delivery mode.
  ///
  /// - Parameters:
  ///   - key: The event to listen for; its payload crosses threads, so it must be `Sendable`.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``BackgroundDelivery/background``.
  ///   - body: The listener, given the target and the event; it runs off the main actor.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on<Payload: Sendable, Target: AnyObject & Sendable>(
    _ key: EventKey<Payload>,
    target: Target,
    capture: Bool = false,
    delivery: BackgroundDelivery,
    _ body: @escaping @Sendable (Target, DeliveredEvent<Payload>) async -> Void
  ) -> Subscription {
    cancelListeners(of: target, keyID: key.id, capture: capture)
    let lane = BackgroundLane<Payload> { [weak target] event in
      guard let target else { return }
      await body(target, event)
    }
    let box = ListenerBox<Payload>(keyID: key.id, capture: capture, once: false, target: target) {
      ctx, payload in
      lane.enqueue(DeliveredEvent(ctx, payload: payload))
    }
    box.ticket.onCancel { lane.cancel() }
    core.add(box)
    return box.ticket
  }

  /// Registers a next-turn listener for the named event `name`, bound to `target`, which it
  /// holds weakly.
  ///
  /// The typed ``on(_:target:capture:delivery:_:)-(EventKey<Payload>,_,_,NextTurnDelivery,_)``
  /// for a ``Params`` bag: the same lifetime, queue and replacement.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``NextTurnDelivery/nextTurn``.
  ///   - body: The listener, given the target and the event with its params.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on<Target: AnyObject>(
    _ name: String,
    target: Target,
    capture: Bool = false,
    delivery: NextTurnDelivery,
    _ body: @escaping @MainActor (Target, DeliveredEvent<Params>) -> Void
  ) -> Subscription {
    on(EventKey<Params>(name), target: target, capture: capture, delivery: delivery, body)
  }

  /// Registers a background listener for the named event `name`, bound to `target`, which it
  /// holds weakly.
  ///
  /// The typed
  /// ``on(_:target:capture:delivery:_:)-(EventKey<Payload>,_,_,BackgroundDelivery,_)`` for a
  /// ``Params`` bag: the target crosses to the listener's lane, so it is `Sendable`.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to be queued in the capture phase.
  ///   - delivery: ``BackgroundDelivery/background``.
  ///   - body: The listener, given the target and the event with its params; it runs off the
  ///     main actor.
  /// - Returns: A token that cancels the listener and its pending calls.
  @discardableResult
  public func on<Target: AnyObject & Sendable>(
    _ name: String,
    target: Target,
    capture: Bool = false,
    delivery: BackgroundDelivery,
    _ body: @escaping @Sendable (Target, DeliveredEvent<Params>) async -> Void
  ) -> Subscription {
    on(EventKey<Params>(name), target: target, capture: capture, delivery: delivery, body)
  }
}
