/// What a bus keeps for one event type: its subscribers (non-generic, see ``AnyBusSubscriber``)
/// and, in ``BusSlot``, its producer.
@MainActor
@usableFromInline
class AnyBusSlot: DeferredCompaction {
  @usableFromInline let typeName: String
  /// The bus's runtime, which every publish to this slot goes through, read from the slot the
  /// publish already holds.
  ///
  /// NB: held here, not read from the bus: a publish has the slot in hand already, so the
  /// runtime costs no further load.
  @usableFromInline final let runtime: ChainRuntime
  /// The subscribers in subscription order; each is a `BusSubscriber` of the slot's type.
  ///
  /// NB: read in place on every publish, around calls to unknown closures, and never passed `inout`
  /// across such a call, so the dynamic exclusivity check could never fire.
  @exclusivity(unchecked) @usableFromInline final var subscribers = SlotList<AnyBusSubscriber>()
  /// Whether a compaction is already scheduled with the runtime.
  private var compactionQueued = false

  init(typeName: String, runtime: ChainRuntime) {
    self.typeName = typeName
    self.runtime = runtime
  }

  isolated deinit {
    for entry in subscribers.takeAll(freeingThrough: runtime) { runtime.release(entry) }
  }

  /// Appends a subscriber.
  @usableFromInline
  final func append(_ subscriber: AnyBusSubscriber) {
    subscribers.append(subscriber, through: runtime)
  }

  /// The number of subscriptions that can still run.
  final var activeCount: Int {
    var active = 0
    subscribers.each { if $0.isActive { active += 1 } }
    return active
  }

  /// Takes a cancelled subscriber out in O(1); compacts once no operation is under way, when
  /// enough slots are vacated.
  final func remove(_ subscriber: AnyBusSubscriber) {
    guard subscribers.remove(subscriber, releasingThrough: runtime), !compactionQueued else {
      return
    }
    compactionQueued = true
    runtime.compactWhenIdle(self)
  }

  final func compactNow() {
    compactionQueued = false
    subscribers.compact()
  }

  /// Publishes an event whose static type was a superclass or a protocol: the slot of its
  /// runtime type casts it back.
  func publish(erased event: Any, on bus: EventBus) -> Outcome { Outcome() }

  /// Cancels the producer if `owner` registered it.
  func cancelProducer(ownedBy owner: AnyObject) {}

  /// The event type this slot holds subscribers of.
  var eventType: Any.Type { Never.self }

  /// Traps with a message if an invariant of the slot does not hold.
  final func checkInvariants(key: ObjectIdentifier) {
    #if CHAINKIT_INVARIANTS
      precondition(ObjectIdentifier(eventType) == key, "'\(typeName)' slot under another type")
      subscribers.checkInvariants { subscriber in
        precondition(subscriber.busSlot === self, "a subscriber that names another slot")
        precondition(
          ObjectIdentifier(subscriber.eventType) == key, "a subscriber of another event type")
        precondition(!subscriber.isRemoved, "a cancelled subscriber left in its slot")
      }
    #endif
  }
}

/// The subscribers and producer for events of type `Event`, in subscription order.
@usableFromInline
final class BusSlot<Event>: AnyBusSlot {
  @usableFromInline var producer: BusProducer<Event>?

  override func publish(erased event: Any, on bus: EventBus) -> Outcome {
    // The cast succeeds: the slot was found by the event's runtime type.
    guard let event = event as? Event else { return Outcome() }
    return bus.publish(event, in: self)
  }

  override var eventType: Any.Type { Event.self }

  override func cancelProducer(ownedBy owner: AnyObject) {
    guard let producer, producer.isOwnerBound, producer.owner === owner else { return }
    producer.cancel()
  }
}
