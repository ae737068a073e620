/// One subscription on a bus, whatever its event type.
///
/// NB: the bookkeeping lives in this non-generic base, and slots keep their subscribers as
/// `AnyBusSubscriber`, so appending, compacting and snapshotting a list is specialised code
/// instead of generic code that looks up type metadata on every call.
@MainActor
@usableFromInline
class AnyBusSubscriber: AnyRegistration, SlotIndexed {
  @usableFromInline let isOwnerBound: Bool
  /// The owner of an owner-bound subscription; the subscription dies with it.
  @usableFromInline weak var owner: AnyObject?
  /// The slot; unretained and not weak (a weak reference costs a side table per subscriber):
  /// the slot owns this subscriber, and a subscriber outlives its slot only inside a publish,
  /// which holds the slot.
  private let slotReference: Unretained<AnyBusSlot>
  /// The subscriber's index in its slot's list.
  @usableFromInline final var slot = -1
  #if CHAINKIT_INVARIANTS
    /// Counts this object in the live-object census of the scope it was created in.
    let census = CensusToken(.busSubscriber)
  #endif

  init(owner: AnyObject?, slot: AnyBusSlot) {
    self.isOwnerBound = owner != nil
    self.owner = owner
    self.slotReference = Unretained(slot)
    super.init()
  }

  /// The slot this subscriber is in.
  var busSlot: AnyBusSlot { slotReference.object }

  /// The event type the subscriber takes.
  var eventType: Any.Type { Never.self }

  /// Whether it can still run: not cancelled, and its owner (if any) alive.
  final override var isActive: Bool { !isRemoved && (!isOwnerBound || owner != nil) }

  final override func removeFromOwner() { busSlot.remove(self) }
}

/// One subscription on a bus, for events of type `Event`.
@usableFromInline
final class BusSubscriber<Event>: AnyBusSubscriber {
  @usableFromInline let body: @MainActor (Event) throws -> Void

  @usableFromInline
  init(
    owner: AnyObject?, slot: AnyBusSlot, body: @escaping @MainActor (Event) throws -> Void
  ) {
    self.body = body
    super.init(owner: owner, slot: slot)
  }

  override var eventType: Any.Type { Event.self }
}

/// The producer registered for events of type `Event`.
@MainActor
@usableFromInline
final class BusProducer<Event>: AnyRegistration {
  private let current: @MainActor () -> Event?
  /// The bus; unretained and not weak (a weak reference gives the bus a side table, which slows
  /// every retain of it): the bus owns the slot that owns this producer, and nothing else keeps
  /// it.
  private let busReference: Unretained<EventBus>
  /// The owner of an owner-bound producer; the producer is dropped once it is gone.
  weak var owner: AnyObject?
  let isOwnerBound: Bool

  init(bus: EventBus, owner: AnyObject?, current: @escaping @MainActor () -> Event?) {
    self.busReference = Unretained(bus)
    self.owner = owner
    self.isOwnerBound = owner != nil
    self.current = current
    super.init()
  }

  /// The bus this producer is registered on.
  var bus: EventBus { busReference.object }

  override var isActive: Bool { !isRemoved && (!isOwnerBound || owner != nil) }

  /// The current value; `nil`, and the producer dropped (and traced), if its owner is gone.
  @usableFromInline
  func value() -> Event? {
    guard isActive else {
      cancel()
      return nil
    }
    return current()
  }

  override func removeFromOwner() { bus.producerCancelled(self) }
}
