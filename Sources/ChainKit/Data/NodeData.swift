/// The shared values and data subscriptions of one node, allocated on first use so that nodes
/// that never share or subscribe carry one `nil` pointer.
@MainActor
final class NodeData: DeferredCompaction {
  // NB: `slots` and `subscribers` are read at every node a share walks, in place only and
  // never `inout` across a call to unknown code, so the dynamic exclusivity check could never
  // fire; unchecked, because that check would run twice at every node of every share.
  /// At most one slot per key id; few keys per node, so a linear scan beats hashing.
  @exclusivity(unchecked) var slots: ContiguousArray<SharedSlot> = []
  @exclusivity(unchecked) var subscribers = SlotList<DataSubscriber>()
  /// What each key this node shares reaches, kept between shares (see ``DataShareLayout``).
  var layouts: ContiguousArray<DataShareLayout> = []
  private var compactionQueued = false
  /// The runtime of the node this belongs to: it defers releases and compaction while a share
  /// may walk the subscribers.
  let runtime: ChainRuntime

  init(runtime: ChainRuntime) {
    self.runtime = runtime
  }

  isolated deinit {
    if !subscribers.isEmpty || !slots.isEmpty { runtime.data.layoutVersion &+= 1 }
    for entry in subscribers.takeAll(freeingThrough: runtime) { runtime.release(entry) }
  }

  /// Whether this node shares a value for `keyID`; retains nothing, for the share walk.
  func hasSlot(for keyID: Int) -> Bool {
    var index = 0
    while index < slots.count {
      if slots[index].keyID == keyID { return true }
      index += 1
    }
    return false
  }

  func slot(for keyID: Int) -> SharedSlot? {
    for slot in slots where slot.keyID == keyID { return slot }
    return nil
  }

  /// Stores `slot` for its key; a slot it replaces, or a key shared here for the first time,
  /// changes what shares resolve to, so the layouts are stale (storing the slot already held
  /// changes nothing they name).
  func store(_ slot: SharedSlot) {
    // NB: a loop, not `firstIndex(where:)`: a main-actor closure there checks the executor for
    // each slot it sees, and every share stores.
    for index in slots.indices where slots[index].keyID == slot.keyID {
      guard slots[index] !== slot else { return }
      slots[index] = slot
      runtime.data.layoutVersion &+= 1
      return
    }
    slots.append(slot)
    runtime.data.layoutVersion &+= 1
  }

  /// Removes the slot for `keyID`; returns whether there was one.
  func removeSlot(for keyID: Int) -> Bool {
    guard let index = slots.firstIndex(where: { $0.keyID == keyID }) else { return false }
    slots.remove(at: index)
    runtime.data.layoutVersion &+= 1
    return true
  }

  /// Adds a subscription; every layout that could reach this node is stale.
  func append(_ subscriber: DataSubscriber) {
    subscribers.append(subscriber, through: runtime)
    runtime.data.layoutVersion &+= 1
  }

  /// Takes a cancelled subscription out in O(1), compacting once enough slots are vacated.
  func remove(_ subscriber: DataSubscriber) {
    // NB: stale before the release, which may free the subscriber a layout names.
    runtime.data.layoutVersion &+= 1
    guard subscribers.remove(subscriber, releasingThrough: runtime), !compactionQueued else {
      return
    }
    compactionQueued = true
    runtime.compactWhenIdle(self)
  }

  func compactNow() {
    compactionQueued = false
    subscribers.compact()
  }

  /// Traps with a message if an invariant does not hold.
  func checkInvariants(owner: NodeCore) {
    #if CHAINKIT_INVARIANTS
      var keys = Set<Int>()
      for slot in slots {
        precondition(keys.insert(slot.keyID).inserted, "two shared values for one key")
        precondition(slot.hasItsKeysTypes, "a shared value whose type is not its key's")
      }
      subscribers.checkInvariants { subscriber in
        precondition(subscriber.core === owner, "a data subscription of another node")
        precondition(!subscriber.isRemoved, "a cancelled data subscription left in place")
        precondition(subscriber.hasItsKeysTypes, "a data subscription of another type")
      }
    #endif
  }

  /// Ends every subscription here: the node is gone.
  func retire() {
    runtime.data.layoutVersion &+= 1
    for entry in subscribers.takeAll(freeingThrough: runtime) {
      let subscriber = entry.takeUnretainedValue()
      subscriber.markRemoved()
      runtime.release(entry)
    }
    slots = []
    layouts = []
  }

  /// The layout of the share of `keyID` from `core` (this data's node), collected afresh if
  /// anything it depends on changed since it was kept.
  ///
  /// NB: the array is returned by value: a pass walks its own reference, so a nested share that
  /// collects again writes into other storage and the walk's entries stay as they were.
  func deliveries(forKey keyID: Int, from core: NodeCore) -> ContiguousArray<NodeCore.DataDelivery>
  {
    var index = 0
    while index < layouts.count {
      if layouts[index].keyID == keyID { break }
      index += 1
    }
    if index < layouts.count, layouts[index].isCurrent(in: runtime) {
      return layouts[index].deliveries
    }
    var deliveries = ContiguousArray<NodeCore.DataDelivery>()
    if index < layouts.count {
      // Reuses the storage unless a pass under way still walks it.
      swap(&deliveries, &layouts[index].deliveries)
      deliveries.removeAll(keepingCapacity: true)
    }
    let topology = runtime.lastStamp
    let layout = runtime.data.layoutVersion
    core.collectDataDeliveries(forKey: keyID, into: &deliveries)
    let fresh = DataShareLayout(
      keyID: keyID, topology: topology, layout: layout, deliveries: deliveries)
    if index < layouts.count {
      layouts[index] = fresh
    } else {
      layouts.append(fresh)
    }
    return deliveries
  }
}

/// Main-actor bookkeeping for data sharing, shared by every tree; the runtime holds it
/// (``ChainRuntime/data``).
@MainActor
struct DataState {
  /// Live data subscriptions anywhere; zero keeps mounts, unmounts and deallocations from
  /// looking for subscribers to re-resolve.
  var subscriberCount = 0
  /// Bumped by every share and removal, so a notification pass can tell that a subscriber
  /// changed the values under way and later entries must be resolved afresh.
  var changeVersion: UInt64 = 0
  /// Live data subscriptions whose resolved value is not `nil`.
  ///
  /// Removing links can only take values away, so when this is zero an unmount or a deallocation
  /// has nothing to re-resolve; that keeps tearing down a deep tree from the root linear.
  var resolvedCount = 0
  /// Delivery passes under way: while one is, subscribers it has not reached yet are behind
  /// the values they resolve to.
  var passesUnderWay = 0
  /// Subscribers a refused delivery left behind the value they resolve to (rules 14 and 28):
  /// each hears it at the next pass or re-resolution that covers it.
  var behindCount = 0
  /// Whether some subscriber may be behind its resolved value, so that a change of topology
  /// must re-resolve every subscriber it could reach, not only those whose value it changes.
  var mayHaveSubscribersBehind: Bool { passesUnderWay > 0 || behindCount > 0 }
  /// The subtree walk's stack, kept between shares so that its storage is reused; the walk
  /// runs no user code, so it is never in use twice.
  var walkStack = ContiguousArray<NodeCore.DataWalkEntry>()
  /// Bumped by every change to which data subscriptions and slots exist (a subscription, a
  /// cancellation, a slot stored anew or removed, a node's data retired), so that a kept
  /// ``DataShareLayout`` can tell it is stale.
  var layoutVersion: UInt64 = 0
}
