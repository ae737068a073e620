/// What a bus keeps for one event type: its subscribers (non-generic, see ``AnyBusSubscriber``)
/// and, in ``BusSlot``, its producer.
@MainActor
class AnyBusSlot {
  let typeName: String
  /// The subscribers in subscription order; each is a `BusSubscriber` of the slot's type.
  var subscribers: ContiguousArray<AnyBusSubscriber> = []
  /// Publishes of this type under way; removed subscribers stay as tombstones until none is,
  /// because those publishes index into a snapshot of the list.
  var publishing = 0
  var needsCompaction = false

  init(typeName: String) { self.typeName = typeName }

  /// The number of subscriptions that can still run.
  final var activeCount: Int { subscribers.count { $0.isActive } }

  /// Drops cancelled subscribers and those whose owner is gone: now, or when the last publish
  /// under way returns.
  final func dropRemoved() {
    guard publishing == 0 else {
      needsCompaction = true
      return
    }
    needsCompaction = false
    subscribers.removeAll { !$0.isActive }
  }
}

/// The subscribers and producer for events of type `Event`, in subscription order.
final class BusSlot<Event>: AnyBusSlot {
  var producer: BusProducer<Event>?
}
