extension EventBus {
  /// Publishes `event` to the subscribers of exactly its runtime type, synchronously, in
  /// subscription order.
  ///
  /// The runtime type decides: a class instance held in a variable of its superclass's type, or
  /// a value held as `any P`, reaches the subscribers of its own type, not those of the static
  /// type at the call site. The subscriber list is snapshotted first: a subscriber added
  /// meanwhile hears the next event; one cancelled meanwhile (or whose owner deallocated) does
  /// not run. A subscriber that publishes gets its event delivered at once, nested, within the
  /// ``ReentryGuard``'s limit. Publishing with no subscriber is reported to the bus's tracers as
  /// a dead event.
  ///
  /// - Parameter event: The event.
  /// - Returns: How many subscribers ran (``Outcome/listenersRun``) and what they threw.
  @inlinable @discardableResult
  public func publish<Event>(_ event: Event) -> Outcome {
    // NB: inlinable, so that the caller's copy is specialised for its event type: the walk
    // calls each subscriber's body directly, without generic metadata or a dynamic executor
    // check per subscriber, which an unspecialised copy pays for each (BENCHMARKS.md,
    // fanout10.bus).
    if Event.self is AnyClass || isExistential(Event.self, event) {
      return publishByRuntimeType(event)
    }
    if let last = lastSlot, last.type == ObjectIdentifier(Event.self) {
      // Unretained, as the bus holds it (see `lastSlot`). The cast is safe: a slot is only ever
      // stored under its own event type.
      return withUnretained(last.slot.reference, as: BusSlot<Event>.self) { slot in
        let outcome = deliver(event, in: slot)
        if isTraced { report(event, in: slot, source: .publish, outcome: outcome) }
        return outcome
      }
    }
    guard let slot = lookUpSlot(for: Event.self) else { return publishUnheard(event) }
    let outcome = deliver(event, in: slot)
    if isTraced { report(event, in: slot, source: .publish, outcome: outcome) }
    return outcome
  }

  /// Publishes an event of the slot's own type: delivers it and reports it to the tracers.
  @usableFromInline
  func publish<Event>(_ event: Event, in slot: BusSlot<Event>) -> Outcome {
    let outcome = deliver(event, in: slot)
    if isTraced { report(event, in: slot, source: .publish, outcome: outcome) }
    return outcome
  }

  /// A publish nobody subscribed to: a dead event for the tracers, if any.
  ///
  /// The tracers are whom it notifies, so with tracers it passes the ``ReentryGuard`` like
  /// every publish (rule 14): past the limit it is refused, and a tracer that publishes on
  /// every record stops.
  @usableFromInline
  func publishUnheard<Event>(_ event: Event) -> Outcome {
    guard isTraced else { return Outcome() }
    let outcome = unheardOutcome(String(describing: Event.self))
    report(event, in: nil, source: .publish, outcome: outcome)
    return outcome
  }

  /// The outcome of a traced publish nobody hears: empty, or the refusal past the limit.
  func unheardOutcome(_ typeName: @autoclosure () -> String) -> Outcome {
    guard let refusal = runtime.admit(typeName()) else { return Outcome() }
    return Outcome(isPrevented: false, isStopped: false, listenersRun: 0, errors: [refusal.error])
  }

  /// Publishes a class instance or an existential by its runtime type.
  @usableFromInline
  func publishByRuntimeType<Event>(_ event: Event) -> Outcome {
    if Event.self is AnyClass {
      let runtimeType: Any.Type = type(of: event)
      if ObjectIdentifier(runtimeType) != ObjectIdentifier(Event.self) {
        return publish(erased: event, runtimeType: runtimeType)
      }
      guard let slot = slot(for: Event.self) else { return publishUnheard(event) }
      return publish(event, in: slot)
    }
    let erased: Any = event
    return publish(erased: erased, runtimeType: type(of: erased))
  }

  /// Publishes an event whose runtime type differs from its static type.
  private func publish(erased event: Any, runtimeType: Any.Type) -> Outcome {
    if let slot = slots[ObjectIdentifier(runtimeType)] {
      return slot.publish(erased: event, on: self)
    }
    guard isTraced else { return Outcome() }
    let typeName = String(describing: runtimeType)
    let outcome = unheardOutcome(typeName)
    report(event, typeName: typeName, source: .publish, outcome: outcome)
    return outcome
  }

  /// Calls the active subscribers of `slot` as snapshotted now, through the ``ReentryGuard``
  /// (rule 14): nested at once, refused past the limit.
  @inlinable
  func deliver<Event>(_ event: Event, in slot: BusSlot<Event>) -> Outcome {
    let runtime = slot.runtime
    if let refusal = runtime.admit(slot.typeName) {
      return Outcome(isPrevented: false, isStopped: false, listenersRun: 0, errors: [refusal.error])
    }
    let mark = runtime.enter()
    var listenersRun = 0
    var errors: [any Error] = []
    // The count is the snapshot: subscribers added meanwhile are past it, cancelled ones are
    // vacated in place (and kept alive until no operation is under way), see ``SlotList``.
    let count = slot.subscribers.count
    var index = 0
    while index < count {
      let entry = slot.subscribers.entry(at: index)
      index += 1
      guard let entry else { continue }
      // The cast is safe: a slot only holds subscribers of its own event type.
      withUnretained(entry, as: BusSubscriber<Event>.self) { subscriber in
        guard !subscriber.isRemoved else { return }
        if subscriber.isOwnerBound, subscriber.owner == nil {
          // The owner deallocated: the subscription is dropped and never runs again.
          subscriber.cancel()
          return
        }
        listenersRun += 1
        do {
          try subscriber.body(event)
        } catch {
          errors.append(subscriberError(error, type: Event.self))
        }
      }
    }
    if runtime.refusalCount > mark {
      errors += runtime.refusals(since: mark).map { $0 as any Error }
    }
    runtime.leave()
    return Outcome(
      isPrevented: false, isStopped: false, listenersRun: listenersRun, errors: errors)
  }

  /// What a subscriber threw, wrapped with the bus and the event type.
  @usableFromInline
  func subscriberError<Event>(_ error: any Error, type: Event.Type) -> any Error {
    BusSubscriberError(bus: name, type: String(describing: type), underlying: error)
  }

  /// Calls one subscriber unless its owner is gone, collecting what it throws.
  @usableFromInline
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
      outcome.record(subscriberError(error, type: Event.self))
    }
  }

  /// Whether `Event` is an existential (`any P`, `Any`), whose values have another runtime type.
  ///
  /// NB: decided once per static type, from a value: a value's runtime type is never an
  /// existential, so it equals `Event` exactly when `Event` is a concrete type. Boxing the
  /// value to find out happens only the first time.
  @inlinable @inline(__always)
  func isExistential<Event>(_ type: Event.Type, _ event: Event) -> Bool {
    if let known = lastKind, known.type == ObjectIdentifier(type) { return known.isExistential }
    return learnKind(type, event)
  }

  @usableFromInline
  func learnKind<Event>(_ type: Event.Type, _ event: Event) -> Bool {
    let id = ObjectIdentifier(type)
    let existential =
      existentialTypes[id] ?? (ObjectIdentifier(Swift.type(of: event as Any)) != id)
    existentialTypes[id] = existential
    lastKind = (id, existential)
    return existential
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
