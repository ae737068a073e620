/// What a bus keeps for one event type: its subscribers and its producer.
@MainActor
class AnyBusSlot {
  let typeName: String

  init(typeName: String) { self.typeName = typeName }

  /// The number of subscriptions that can still run.
  var activeCount: Int { 0 }
}

/// The subscribers and producer for events of type `Event`, in subscription order.
final class BusSlot<Event>: AnyBusSlot {
  var subscribers: ContiguousArray<BusSubscriber<Event>> = []
  var producer: BusProducer<Event>?
  /// Publishes of this type under way; removed subscribers stay as tombstones until none is,
  /// because those publishes index into a snapshot of the list.
  var publishing = 0
  var needsCompaction = false

  override var activeCount: Int { subscribers.count { $0.isActive } }

  /// Drops cancelled subscribers and those whose owner is gone: now, or when the last publish
  /// under way returns.
  func dropRemoved() {
    guard publishing == 0 else {
      needsCompaction = true
      return
    }
    needsCompaction = false
    subscribers.removeAll { !$0.isActive }
  }
}
