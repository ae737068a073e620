/// One data subscription at one node.
///
/// It remembers the slot its last delivered value came from, so re-resolution after a topology
/// change only calls it when the nearest provider is a different share (or there is none).
///
/// NB: the fields a delivery reads and writes are `@exclusivity(unchecked)`: touched for every
/// subscriber of every share, on the main actor only and in place, never passed `inout` across a
/// call to unknown code, so the dynamic exclusivity check could never fire.
@MainActor
@usableFromInline
class DataSubscriber: AnyRegistration, SlotIndexed {
  // NB: the stored properties a delivery does not touch come first and those it does last, next
  // to the box's body, which follows them: on a large tree each subscriber costs a delivery one
  // cache line more often than two, instead of two or three spread over the object.
  @usableFromInline let keyID: Int
  /// The node subscribed at; unretained: the node owns its data, which owns this subscriber,
  /// and a subscriber outlives its node only inside a delivery, which checks `core.isAlive`
  /// while the path it walks holds the core.
  private let coreReference: Unretained<NodeCore>
  /// The runtime of the node subscribed at, whose data counters this subscription is counted in.
  ///
  /// NB: held, not read through the core: the counters change when the subscription ends,
  /// which may be after its node is gone.
  let runtime: ChainRuntime
  /// The subscription's index in its node's list.
  @usableFromInline final var slot = -1
  #if CHAINKIT_INVARIANTS
    /// Counts this object in the live-object census of the scope it was created in.
    let census = CensusToken(.dataSubscriber)
  #endif
  /// Delivers a value to the body: a closure made where the subscription was made, specialised
  /// for its value type (see ``DataSubscriberBox/make(keyID:core:body:)``).
  ///
  /// NB: a stored closure rather than an override: a generic class's overrides run
  /// unspecialised and look up `Optional<Value>` metadata on every delivery, for every
  /// subscriber.
  private let deliverBody: @MainActor (DataSubscriber, SharedSlot?) -> Void
  /// The slot the subscriber last heard from; `nil` when nothing resolved.
  @exclusivity(unchecked) @usableFromInline final var source: SharedSlot? {
    didSet {
      if oldValue == nil, source != nil { runtime.data.resolvedCount += 1 }
      if oldValue != nil, source == nil { runtime.data.resolvedCount -= 1 }
    }
  }
  /// The version of `source` when it was last delivered, and in its top bit whether a refused
  /// delivery left this subscriber behind the value it resolves to (``isBehind``).
  ///
  /// NB: one word, so that what a delivery reads and writes fits in fewer bytes; a version is a
  /// count of shares from zero, which never reaches the top bit.
  @exclusivity(unchecked) @usableFromInline final var heard: UInt64 = 0

  /// The bit of `heard` that says the subscriber is behind.
  @inlinable static var behindBit: UInt64 { 1 << 63 }

  /// The version of `source` when it was last delivered.
  var sourceVersion: UInt64 { heard & ~Self.behindBit }

  /// Whether a refused delivery left this subscriber behind the value it resolves to.
  @usableFromInline final var isBehind: Bool {
    get { heard & Self.behindBit != 0 }
    set {
      guard newValue != isBehind else { return }
      if newValue {
        heard |= Self.behindBit
        runtime.data.behindCount += 1
      } else {
        heard &= ~Self.behindBit
        runtime.data.behindCount -= 1
      }
    }
  }

  init(
    keyID: Int, core: NodeCore,
    deliver: @escaping @MainActor (DataSubscriber, SharedSlot?) -> Void
  ) {
    self.keyID = keyID
    self.coreReference = Unretained(core)
    self.runtime = core.runtime
    self.deliverBody = deliver
    super.init()
  }

  /// The core of the node subscribed at.
  var core: NodeCore { coreReference.object }

  override func removeFromOwner() { core.data?.remove(self) }

  /// Takes the ended subscription out of the global counts.
  ///
  /// NB: the layouts are stale before anything else: releasing the source may run user code (the
  /// value's deinit), and a pass relies on a removal having bumped the layout version first
  /// (``NodeCore/deliver(_:name:in:)``).
  override func didEnd() {
    runtime.data.layoutVersion &+= 1
    source = nil
    isBehind = false
    runtime.data.subscriberCount -= 1
  }

  /// Whether `slot` is what this subscriber last heard: the same slot, at the same version.
  func hasHeard(_ slot: SharedSlot?) -> Bool {
    slot === source && (slot?.version ?? 0) == sourceVersion
  }

  /// Reads `slot` (which may be `nil`: nothing resolves) and calls the body with it.
  final func deliver(from slot: SharedSlot?) { deliverBody(self, slot) }

  /// Records that the subscriber is about to hear `slot`'s current value.
  ///
  /// NB: inlinable, into the delivery made where the subscription was: a call per subscriber of
  /// every share would cost more than the checks it makes.
  @inlinable @inline(__always)
  final func hear(_ slot: SharedSlot?) {
    if heard & Self.behindBit != 0 { isBehind = false }
    // NB: the same slot again (each share of a constant) is not stored again: that would
    // retain and release the slot once for every subscriber of every share.
    if slot !== source { source = slot }
    heard = slot?.version ?? 0
  }

  /// Asks the cache for the fields a delivery reads, without reading them: a share does so a few
  /// subscribers ahead (``NodeCore/deliver(_:name:in:)``).
  ///
  /// NB: the span is the stored properties from ``deliverBody`` through ``heard``, in declaration
  /// order, and then ``DataSubscriberBox/body``, the subclass's first; laid out otherwise, the
  /// hint would fetch other lines of the subscriber, and no more.
  @inline(__always)
  final func prefetchDeliveryFields() {
    let before =
      MemoryLayout<@MainActor (DataSubscriber, SharedSlot?) -> Void>.size
      + MemoryLayout<SharedSlot?>.size
    let after = MemoryLayout<UInt64>.size + MemoryLayout<@MainActor (Int?) -> Void>.size
    PrefetchTarget.prefetchFields(around: &heard, before: before, after: after)
  }

  /// Whether this subscription's value type is its key's.
  var hasItsKeysTypes: Bool { false }

  /// Where the body a delivery calls keeps its context, for a share to ask the cache for ahead
  /// of the call.
  var bodyContext: PrefetchTarget { .none }
}

/// A data subscription for values of type `Value`.
@usableFromInline
final class DataSubscriberBox<Value>: DataSubscriber {
  /// NB: kept so that its context can be read: a share prefetches it (``bodyContext``).
  @usableFromInline let body: ContextReadableClosure<Value?>

  @usableFromInline
  init(
    keyID: Int, core: NodeCore, body: @escaping @MainActor (Value?) -> Void,
    deliver: @escaping @MainActor (DataSubscriber, SharedSlot?) -> Void
  ) {
    self.body = ContextReadableClosure(body)
    super.init(keyID: keyID, core: core, deliver: deliver)
  }

  /// A subscriber whose delivery is specialised for `Value` where this is called.
  @inlinable
  static func make(
    keyID: Int, core: NodeCore, body: @escaping @MainActor (Value?) -> Void
  ) -> DataSubscriberBox<Value> {
    DataSubscriberBox(keyID: keyID, core: core, body: body) { subscriber, slot in
      // The casts are safe: the closure is only stored in this subscriber, and a key id is only
      // ever shared and subscribed with its own value type.
      let box = uncheckedCast(subscriber, to: DataSubscriberBox<Value>.self)
      box.hear(slot)
      // NB: the value is read in a scope that ends before the body is called, so the slot is
      // not retained and released around the call, for every subscriber of every share.
      let value: Value?
      if let slot {
        value = uncheckedCast(slot, to: SharedSlotBox<Value>.self).read()
      } else {
        value = nil
      }
      box.body.call(value)
    }
  }

  /// A subscriber on behalf of `owner`, held weakly: the first delivery after the owner is gone
  /// ends the subscription instead of calling `body`.
  static func make<Owner: AnyObject>(
    keyID: Int, core: NodeCore, owner: Owner,
    body: @escaping @MainActor (Owner, Value?) -> Void
  ) -> DataSubscriberBox<Value> {
    let deliver: @MainActor (DataSubscriber, SharedSlot?) -> Void = {
      [weak owner] subscriber, slot in
      // The casts are safe for the reason `make(keyID:core:body:)` gives.
      let box = uncheckedCast(subscriber, to: DataSubscriberBox<Value>.self)
      guard let owner else {
        box.cancel()
        return
      }
      box.hear(slot)
      if let slot {
        body(owner, uncheckedCast(slot, to: SharedSlotBox<Value>.self).read())
      } else {
        body(owner, nil)
      }
    }
    return DataSubscriberBox(keyID: keyID, core: core, body: { _ in }, deliver: deliver)
  }

  override var bodyContext: PrefetchTarget { body.context }

  override var hasItsKeysTypes: Bool {
    KeyRegistry.shared.matches(keyID, payload: Value.self, response: DataKeyMarker.self)
  }
}
