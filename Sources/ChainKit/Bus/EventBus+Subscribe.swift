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
  @discardableResult
  public func subscribe<Event>(
    _ type: Event.Type, _ body: @escaping @MainActor (Event) throws -> Void
  ) -> Subscription {
    let slot = makeSlot(for: type)
    return add(BusSubscriber(owner: nil, slot: slot, body: body), to: slot)
  }

  /// Subscribes on behalf of `owner`, held weakly: the subscription ends when `owner`
  /// deallocates and is never called again (Tolo's register, without the unregister).
  ///
  /// Subscribing the same owner to the same type again replaces the earlier subscription: it is
  /// cancelled and the new one goes last, so there is no moment when both run.
  ///
  /// - Parameters:
  ///   - type: The event type.
  ///   - owner: The object the subscription belongs to.
  ///   - body: The subscriber.
  /// - Returns: A token that cancels the subscription.
  @discardableResult
  public func subscribe<Event>(
    _ type: Event.Type, owner: AnyObject, _ body: @escaping @MainActor (Event) throws -> Void
  ) -> Subscription {
    let slot = makeSlot(for: type)
    for existing in slot.subscribers where existing.isOwnerBound && existing.owner === owner {
      existing.cancel()
    }
    return add(BusSubscriber(owner: owner, slot: slot, body: body), to: slot)
  }

  private func add<Event>(
    _ subscriber: BusSubscriber<Event>, to slot: BusSlot<Event>
  ) -> Subscription {
    slot.subscribers.append(subscriber)
    if let producer = slot.producer, let value = producer.value() {
      var outcome = Outcome()
      call(subscriber, with: value, outcome: &outcome)
      report(value, in: slot, source: .newSubscriber, outcome: outcome)
    }
    return Subscription(subscriber.ticket)
  }
}
