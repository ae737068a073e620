extension EventBus {
  /// Registers a producer for `type`: the source of its current value (Tolo's producers).
  ///
  /// Registering calls `current` once and hands its value to every existing subscriber; each
  /// later subscriber is handed `current()` at once when it subscribes. A `nil` value delivers
  /// nothing. There is one producer per type: the last registered wins, and the one it replaces
  /// is dropped (its token turns inactive) and reported to the trace.
  ///
  /// - Parameters:
  ///   - type: The event type produced.
  ///   - current: Returns the current value, or `nil` when there is none.
  /// - Returns: A token that removes the producer; dropping it does not.
  @discardableResult
  public func produce<Event>(
    _ type: Event.Type, _ current: @escaping @MainActor () -> Event?
  ) -> Subscription {
    register(BusProducer(bus: self, owner: nil, current: current), for: type)
  }

  /// Registers a producer bound to `owner`, which it holds weakly: once `owner` deallocates,
  /// the producer is dropped (and the drop traced) the next time its value is wanted, so a dead
  /// producer never answers again (Tolo kept them).
  ///
  /// - Parameters:
  ///   - type: The event type produced.
  ///   - owner: The object the value comes from; passed to `current`.
  ///   - current: Returns the owner's current value, or `nil` when there is none.
  /// - Returns: A token that removes the producer.
  @discardableResult
  public func produce<Event, Owner: AnyObject>(
    _ type: Event.Type, owner: Owner, _ current: @escaping @MainActor (Owner) -> Event?
  ) -> Subscription {
    let producer = BusProducer<Event>(bus: self, owner: owner) { [weak owner] in
      owner.flatMap(current)
    }
    return register(producer, for: type)
  }

  private func register<Event>(
    _ producer: BusProducer<Event>, for type: Event.Type
  ) -> Subscription {
    let slot = makeSlot(for: type)
    let replaced = slot.producer
    replaced?.markRemoved()
    slot.producer = producer
    traceChange(
      .producer(
        bus: name, type: slot.typeName, action: replaced == nil ? .registered : .replaced),
      name: slot.typeName)
    if let value = slot.runtime.nested(slot.typeName, { producer.value() }) {
      let outcome = deliver(value, in: slot)
      report(value, in: slot, source: .producerRegistered, outcome: outcome)
    }
    return producer.ticket
  }

  /// Publishes `event` and keeps it as the current value for every later subscriber: a
  /// producer that always returns `event`, replacing any producer of its type.
  ///
  /// - Parameter event: The event.
  /// - Returns: A token that removes the sticky value.
  @discardableResult
  public func publishSticky<Event>(_ event: Event) -> Subscription {
    produce(Event.self) { event }
  }

  func producerCancelled<Event>(_ producer: BusProducer<Event>) {
    guard let slot = slot(for: Event.self), slot.producer === producer else { return }
    slot.producer = nil
    traceChange(
      .producer(bus: name, type: slot.typeName, action: .removed),
      name: slot.typeName)
  }
}
