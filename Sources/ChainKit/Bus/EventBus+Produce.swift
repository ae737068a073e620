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
    let slot = makeSlot(for: type)
    let replaced = slot.producer
    replaced?.isRemoved = true
    let producer = BusProducer(bus: self, current: current)
    slot.producer = producer
    trace(
      .producer(
        ProducerRecord(
          bus: name, type: slot.typeName, action: replaced == nil ? .registered : .replaced)))
    if let value = current() {
      let outcome = deliver(value, in: slot)
      report(value, in: slot, source: .producerRegistered, outcome: outcome)
    }
    return Subscription(weak: producer)
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
    trace(.producer(ProducerRecord(bus: name, type: slot.typeName, action: .removed)))
  }
}
