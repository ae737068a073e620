// Bus: publish/subscribe by event type (Tolo's design), for objects that share no tree. An
// `EventBus` keeps one `BusSlot` per runtime event type; a slot holds its subscribers in a
// `SlotList` and at most one producer, whose value a new subscriber hears at once.

/// A publish/subscribe bus keyed by event type (Tolo's design), for objects that share no tree.
///
/// ```swift
/// struct ProgressUpdated { var progress: Double }
/// let token = EventBus.default.subscribe(ProgressUpdated.self) { event in
///   progressView.progress = event.progress
/// }
/// EventBus.default.publish(ProgressUpdated(progress: 0.5))
/// ```
///
/// Delivery is by the event's exact runtime type: subscribers of `ProgressUpdated` hear only
/// `ProgressUpdated`, never a subclass or a protocol it conforms to, and a subclass instance
/// published through a variable of its superclass's type reaches its own class's subscribers. Subscribers run synchronously, in subscription order,
/// on the main actor. A producer hands each new subscriber the current value at once.
/// ``enqueue(_:)`` publishes from any thread.
@MainActor
public final class EventBus {
  /// The shared bus, for code that has no better place to keep one.
  ///
  /// Reachable from any thread, as ``enqueue(_:)`` is; its slots are main-actor state like any
  /// bus's. (A static constant, not a part of ChainKit's main-actor runtime, so that code off the
  /// main actor can reach it to enqueue.)
  nonisolated public static let `default` = EventBus(name: "default")

  /// The bus's name, used by traces.
  nonisolated public let name: String

  /// One slot per event type ever subscribed, produced or published with a tracer watching.
  @usableFromInline var slots: [ObjectIdentifier: AnyBusSlot] = [:]
  var tracers: [HookInstallation] = [] {
    didSet {
      isTraced = !tracers.isEmpty
      checkInvariants()
    }
  }
  /// `!tracers.isEmpty`, read by every publish without touching the array.
  // NB: unchecked: read by every publish and written only when the tracers change, never across
  // a call to unknown code, so the dynamic exclusivity check could never fire; it pays in
  // `fanout10.bus`.
  @exclusivity(unchecked) @usableFromInline private(set) var isTraced = false
  // NB: the caches below are read on every publish and written only outside any call to unknown
  // code, so the dynamic exclusivity check could never fire: unchecked.
  /// The slot found last and its type: publishing the same type again skips hashing.
  ///
  /// Slots are never removed, so the entry never goes stale. Unretained: `slots` holds the slot
  /// for as long as the bus lives, and a publish's caller holds the bus; a strong reference
  /// would be retained and released around every publish.
  @exclusivity(unchecked) @usableFromInline
  var lastSlot: (type: ObjectIdentifier, slot: Unretained<AnyBusSlot>)?
  /// Whether each static type published so far is an existential (see `isExistential`).
  var existentialTypes: [ObjectIdentifier: Bool] = [:]
  /// The static type published last and whether it is an existential: publishing the same type
  /// again skips hashing.
  // NB: unchecked, as the caches above (`fanout10.bus`).
  @exclusivity(unchecked) @usableFromInline
  var lastKind: (type: ObjectIdentifier, isExistential: Bool)?

  /// The runtime this bus was made in, or `nil` for the main actor's (see ``runtime``).
  ///
  /// NB: a bus is made off the main actor (``default`` is a static constant any thread reaches),
  /// where the main actor's runtime cannot be read; the default is chosen when a slot is made.
  nonisolated let assignedRuntime: ChainRuntime?

  /// Creates a private bus, independent of ``default``.
  ///
  /// - Parameter name: A human-readable name, used by traces.
  nonisolated public init(name: String) {
    self.name = name
    assignedRuntime = nil
  }

  /// Creates a bus whose slots, and so every publish, subscription and producer, go through
  /// `runtime`.
  nonisolated init(name: String, runtime: ChainRuntime) {
    self.name = name
    assignedRuntime = runtime
  }

  /// The runtime every slot of this bus holds: the one it was made in, else the main actor's.
  var runtime: ChainRuntime { assignedRuntime ?? .main }

  /// The number of subscriptions for `type` that can still run (owner alive, not cancelled).
  ///
  /// - Parameter type: The event type.
  /// - Returns: How many subscribers a publish of `type` would call.
  public func subscriberCount<Event>(for type: Event.Type) -> Int {
    slots[ObjectIdentifier(type)]?.activeCount ?? 0
  }

  /// Whether a producer is registered for `type`.
  ///
  /// - Parameter type: The event type.
  /// - Returns: `true` if new subscribers of `type` are handed a current value.
  public func hasProducer<Event>(for type: Event.Type) -> Bool {
    slot(for: type)?.producer?.isActive == true
  }

  /// The slot for `Event`, if it exists.
  @inlinable @inline(__always)
  func slot<Event>(for type: Event.Type) -> BusSlot<Event>? {
    let id = ObjectIdentifier(type)
    if let last = lastSlot, last.type == id {
      // The cast is safe: a slot is only ever stored under its own event type.
      return uncheckedCast(last.slot.object, to: BusSlot<Event>.self)
    }
    return lookUpSlot(for: type)
  }

  /// The slot for `Event` from the table, remembered as the last one found.
  @usableFromInline
  func lookUpSlot<Event>(for type: Event.Type) -> BusSlot<Event>? {
    let id = ObjectIdentifier(type)
    guard let slot = slots[id] else { return nil }
    lastSlot = (id, Unretained(slot))
    checkInvariants()
    return uncheckedCast(slot, to: BusSlot<Event>.self)
  }

  /// Traps with a message if an invariant of the bus does not hold: every slot sits under its
  /// own event type (what the casts in ``slot(for:)`` rely on) and holds only its own
  /// subscribers, and `isTraced` says whether a tracer is installed.
  ///
  /// Run when a slot is added or looked up and when the tracers change; does nothing unless
  /// built with `CHAINKIT_INVARIANTS`.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      for (key, slot) in slots { slot.checkInvariants(key: key) }
      if let last = lastSlot {
        precondition(slots[last.type] === last.slot.object, "stale last slot")
      }
      precondition(isTraced == !tracers.isEmpty, "'\(name)': isTraced out of step with its tracers")
    #endif
  }

  /// The slot for `Event`, created on first use.
  @inlinable
  func makeSlot<Event>(for type: Event.Type) -> BusSlot<Event> {
    if let existing = slot(for: type) { return existing }
    return addSlot(for: type)
  }

  @usableFromInline
  func addSlot<Event>(for type: Event.Type) -> BusSlot<Event> {
    let slot = BusSlot<Event>(typeName: String(describing: type), runtime: runtime)
    slots[ObjectIdentifier(type)] = slot
    checkInvariants()
    return slot
  }
}

extension EventBus: CustomStringConvertible {
  /// The bus's name.
  nonisolated public var description: String { name }
}
