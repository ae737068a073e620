extension EventBus {
  /// Publishes `event` to the subscribers of exactly its type, synchronously, in subscription
  /// order.
  ///
  /// The subscriber list is snapshotted first: a subscriber added meanwhile hears the next
  /// event; one cancelled meanwhile (or whose owner deallocated) does not run. A subscriber that
  /// publishes gets its event dispatched at once, up to ``Node/nestingLimit`` deep. Publishing
  /// with no subscriber is reported to the bus's tracers as a dead event.
  ///
  /// - Parameter event: The event.
  /// - Returns: How many subscribers ran (``Outcome/listenersRun``) and what they threw.
  @discardableResult
  public func publish<Event>(_ event: Event) -> Outcome {
    guard let slot = slot(for: Event.self) else {
      if !tracers.isEmpty { report(event, in: nil, source: .publish, outcome: Outcome()) }
      return Outcome()
    }
    let outcome = deliver(event, in: slot)
    if !tracers.isEmpty { report(event, in: slot, source: .publish, outcome: outcome) }
    return outcome
  }

  /// Calls the active subscribers of `slot` as snapshotted now, with the nesting rules of the
  /// chain (rule 14): nested at once, refused past the limit.
  func deliver<Event>(_ event: Event, in slot: BusSlot<Event>) -> Outcome {
    var outcome = Outcome()
    if DispatchState.runaway || DispatchState.depth >= DispatchState.nestingLimit {
      let error = ChainError.nestingTooDeep(
        key: slot.typeName, limit: DispatchState.nestingLimit)
      if !DispatchState.runaway {
        DispatchState.runaway = true
        DispatchState.nestingErrors.append(error)
      }
      outcome.errors = [error]
      return outcome
    }
    let nestingMark = DispatchState.nestingErrors.count
    DispatchState.depth += 1
    slot.publishing += 1
    // A local copy is the snapshot: appends during the publish go to the slot's own array.
    let subscribers = slot.subscribers
    for index in subscribers.indices {
      // The cast is safe: a slot only holds subscribers of its own event type. Unretained: the
      // snapshot holds every subscriber meanwhile (retaining each cost more than the call).
      let reference = Unmanaged<BusSubscriber<Event>>.fromOpaque(
        Unmanaged.passUnretained(subscribers[index]).toOpaque())
      withGuaranteed(reference) { subscriber in
        guard !subscriber.isRemoved else { return }
        call(subscriber, with: event, outcome: &outcome)
      }
    }
    slot.publishing -= 1
    DispatchState.depth -= 1
    if DispatchState.nestingErrors.count > nestingMark {
      for error in DispatchState.nestingErrors[nestingMark...] { outcome.errors.append(error) }
    }
    if DispatchState.depth == 0 { DispatchState.settle() }
    if slot.needsCompaction, slot.publishing == 0 { slot.dropRemoved() }
    return outcome
  }

  /// Calls one subscriber unless its owner is gone, collecting what it throws.
  @inline(__always)
  func call<Event>(
    _ subscriber: BusSubscriber<Event>, with event: Event, outcome: inout Outcome
  ) {
    if subscriber.isOwnerBound, subscriber.owner == nil {
      // The owner deallocated: the subscription is dropped and never runs again.
      subscriber.cancel()
      return
    }
    outcome.listenersRun += 1
    do {
      try subscriber.body(event)
    } catch {
      outcome.errors.append(
        BusSubscriberError(bus: name, type: String(describing: Event.self), underlying: error))
    }
  }
}

/// An error thrown by a bus subscriber, with the bus and event type it was thrown for.
public struct BusSubscriberError: Error, Sendable, CustomStringConvertible {
  /// The bus's name.
  public let bus: String
  /// The event type being delivered.
  public let type: String
  /// What the subscriber threw.
  public let underlying: any Error

  /// `bus/type: error`, for logs and traces.
  public var description: String { "\(bus) \(type): \(underlying)" }
}
