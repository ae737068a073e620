/// One data subscription at one node.
///
/// It remembers the slot its last delivered value came from, so re-resolution after a topology
/// change only calls it when the nearest provider is a different share (or there is none).
@MainActor
class DataSubscriber: Cancellable, SlotIndexed {
  let keyID: Int
  unowned(unsafe) let core: NodeCore
  /// The slot the subscriber last heard from; `nil` when nothing resolved.
  var source: SharedSlot? {
    didSet {
      if oldValue == nil, source != nil { DataState.resolvedCount += 1 }
      if oldValue != nil, source == nil { DataState.resolvedCount -= 1 }
    }
  }
  /// The version of `source` when it was last delivered.
  var sourceVersion: UInt64 = 0
  var isRemoved = false
  /// What the token holds: a weak reference would give every subscriber a side table, and
  /// reference counting through a side table is several times slower on every delivery.
  let ticket = Ticket()
  /// The subscription's index in its node's list.
  final var slot = -1
  #if CHAINKIT_INVARIANTS
    /// Counts this object in the live-object census of the scope it was created in.
    let census = CensusToken(.dataSubscriber)
  #endif

  init(keyID: Int, core: NodeCore) {
    self.keyID = keyID
    self.core = core
    ticket.attach(to: self)
  }

  deinit { ticket.end() }

  var isActive: Bool { !isRemoved }

  func cancel() {
    guard !isRemoved else { return }
    end()
    core.data?.remove(self)
  }

  /// Marks the subscription ended and takes it out of the global counts.
  func end() {
    isRemoved = true
    source = nil
    DataState.subscriberCount -= 1
  }

  /// Whether `slot` is what this subscriber last heard: the same slot, at the same version.
  func hasHeard(_ slot: SharedSlot?) -> Bool {
    slot === source && (slot?.version ?? 0) == sourceVersion
  }

  /// Reads `slot` (which may be `nil`: nothing resolves) and calls the body with it.
  func deliver(from slot: SharedSlot?) {}

  /// Whether this subscription's value type is its key's.
  var hasItsKeysTypes: Bool { false }
}

/// A data subscription for values of type `Value`.
final class DataSubscriberBox<Value>: DataSubscriber {
  let body: @MainActor (Value?) -> Void

  init(keyID: Int, core: NodeCore, body: @escaping @MainActor (Value?) -> Void) {
    self.body = body
    super.init(keyID: keyID, core: core)
  }

  override var hasItsKeysTypes: Bool {
    KeyRegistry.shared.matches(keyID, payload: Value.self, response: DataKeyMarker.self)
  }

  override func deliver(from slot: SharedSlot?) {
    source = slot
    sourceVersion = slot?.version ?? 0
    // The cast is safe: a key id is only ever shared and subscribed with its own value type.
    if let slot {
      body(unsafeDowncast(slot, to: SharedSlotBox<Value>.self).read())
    } else {
      body(nil)
    }
  }
}
