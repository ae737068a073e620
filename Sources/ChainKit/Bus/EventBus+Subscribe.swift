extension EventBus {
  /// Subscribes to events of exactly `type`.
  ///
  /// Subscribers run in subscription order. One added while an event is being published hears
  /// the next event, not that one; one cancelled meanwhile never runs again. If a producer is
  /// registered for `type`, `body` is called at once with its current value (unless `nil`).
  ///
  /// - Parameters:
  ///   - type: The event type; subclasses and conforming types are not delivered.
  ///   - body: The subscriber; it may publish (nested, at once) or throw (the error is in the
  ///     publisher's ``Outcome`` and the others still run).
  /// - Returns: A token that cancels the subscription; dropping it does not.
  @inlinable @discardableResult
  public func subscribe<Event>(
    _ type: Event.Type, _ body: @escaping @MainActor (Event) throws -> Void
  ) -> Subscription {
    // NB: inlinable, so that the caller's copy is specialised for its event type: unspecialised,
    // making the subscriber and taking the producer's value looked up generic metadata.
    let slot = makeSlot(for: type)
    let subscriber = BusSubscriber(owner: nil, slot: slot, body: body)
    let token = subscriber.ticket
    add(subscriber, to: slot)
    return token
  }

  /// Subscribes to events of exactly `type`, handing the subscriber its own subscription so that
  /// it can cancel itself at any delivery, the producer's first one (made before `subscribe`
  /// returns) included.
  ///
  /// ```swift
  /// bus.subscribe(Tick.self) { tick, subscription in
  ///   if tick.count == 3 { subscription.cancel() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type.
  ///   - body: The subscriber, given the event and its subscription.
  /// - Returns: The same subscription.
  @discardableResult
  public func subscribe<Event>(
    _ type: Event.Type, _ body: @escaping @MainActor (Event, Subscription) throws -> Void
  ) -> Subscription {
    let slot = makeSlot(for: type)
    let cell = SubscriptionCell()
    let subscriber = BusSubscriber<Event>(owner: nil, slot: slot) { event in
      guard let token = cell.token else { return }
      try body(event, token)
    }
    let token = subscriber.ticket
    cell.token = token
    add(subscriber, to: slot)
    return token
  }

  /// Subscribes on behalf of `owner`, held weakly and handed to `body`: the subscription ends
  /// when `owner` deallocates and is never called again (Tolo's register, without the
  /// unregister).
  ///
  /// The handler receives the owner, so it need not capture it (capturing it strongly would
  /// keep it alive for as long as the bus). Subscribing the same owner to the same type again
  /// replaces the earlier subscription: it is cancelled and the new one goes last, so there is
  /// no moment when both run. For several handlers of one owner, ``subscribe(owner:_:)``.
  /// ``unsubscribe(owner:)`` ends every subscription of an owner, also from inside a delivery.
  ///
  /// ```swift
  /// bus.subscribe(ProgressUpdated.self, owner: self) { controller, event in
  ///   controller.progress = event.progress
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type.
  ///   - owner: The object the subscription belongs to.
  ///   - body: The subscriber, given the owner and the event.
  /// - Returns: A token that cancels the subscription.
  @discardableResult
  public func subscribe<Event, Owner: AnyObject>(
    _ type: Event.Type, owner: Owner,
    _ body: @escaping @MainActor (Owner, Event) throws -> Void
  ) -> Subscription {
    let slot = makeSlot(for: type)
    for existing in slot.subscribers.elements
    where existing.isOwnerBound && existing.owner === owner {
      existing.cancel()
    }
    let subscriber = BusSubscriber<Event>(owner: owner, slot: slot) { [weak owner] event in
      guard let owner else { return }
      try body(owner, event)
    }
    let token = subscriber.ticket
    add(subscriber, to: slot)
    return token
  }

  /// Ends every subscription and producer of `owner` on this bus, at once (Tolo's unregister,
  /// Otto's `unregister(this)`).
  ///
  /// Safe from inside a delivery, the producer's first one included, and effective at once: the
  /// cancelled subscriptions never run again, even in a publish already under way, and even
  /// those whose ``subscribe(owner:_:)`` has not returned yet (a handler that unsubscribes its
  /// owner during the producer's first delivery stops the owner's other handlers from hearing
  /// it).
  ///
  /// - Parameter owner: The owner given to ``subscribe(_:owner:_:)``, ``subscribe(owner:_:)`` or
  ///   ``produce(_:owner:_:)``.
  public func unsubscribe(owner: AnyObject) {
    for slot in slots.values {
      for subscriber in slot.subscribers.elements
      where subscriber.isOwnerBound && subscriber.owner === owner {
        subscriber.cancel()
      }
      slot.cancelProducer(ownedBy: owner)
    }
  }

  /// Ends every subscription and producer of `owner` on this bus.
  ///
  /// The label says what the argument is: ``unsubscribe(owner:)``.
  ///
  /// - Parameter owner: The owner whose subscriptions and producers end.
  @available(*, deprecated, renamed: "unsubscribe(owner:)")
  public func unsubscribe(_ owner: AnyObject) {
    unsubscribe(owner: owner)
  }

  /// Appends a subscriber, then hands it the producer's current value, if any: after its token
  /// exists, so the subscriber can cancel itself then.
  @inlinable
  func add<Event>(_ subscriber: BusSubscriber<Event>, to slot: BusSlot<Event>) {
    slot.append(subscriber)
    handProducerValue(to: subscriber, in: slot)
  }

  /// Hands a subscriber already in `slot` the producer's current value, if there is one and the
  /// subscriber can still run.
  @inlinable
  func handProducerValue<Event>(to subscriber: BusSubscriber<Event>, in slot: BusSlot<Event>) {
    // NB: the slot's runtime, read once into a local for the door's three steps.
    let runtime = slot.runtime
    guard let producer = slot.producer,
      let value = runtime.nested(slot.typeName, { producer.value() })
    else { return }
    var outcome = Outcome(isPrevented: false, isStopped: false, listenersRun: 0, errors: [])
    if let refusal = runtime.admit(slot.typeName) {
      outcome = Outcome(
        isPrevented: false, isStopped: false, listenersRun: 0, errors: [refusal.error])
    } else {
      _ = runtime.enter()
      call(subscriber, with: value, outcome: &outcome)
      runtime.leave()
    }
    if isTraced { report(value, in: slot, source: .newSubscriber, outcome: outcome) }
  }
}

/// Holds a subscription's token for its own subscriber, which is created before the token.
@MainActor
private final class SubscriptionCell {
  var token: Subscription?
}
