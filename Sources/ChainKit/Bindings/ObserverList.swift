/// One observer of a ``Property`` or a ``Hook``: a closure that receives two values.
///
/// NB: `@usableFromInline`, with the notification `@inlinable`, so that a client setting a
/// `Property<Int>` runs a notification specialised for `Int`, without generic metadata lookups.
@MainActor
@usableFromInline
final class ObserverBox<A, B>: AnyRegistration, SlotIndexed {
  @usableFromInline let body: @MainActor (A, B) -> Void
  /// Whether the observer is tied to an object's lifetime (see ``lifetime``).
  @usableFromInline let isLifetimeBound: Bool
  /// The object whose deallocation ends the observer, if bound.
  @usableFromInline weak var lifetime: AnyObject?
  weak var list: ObserverList<A, B>?
  /// The observer's index in its list.
  @usableFromInline var slot = -1
  #if CHAINKIT_INVARIANTS
    /// Counts this object in the live-object census of the scope it was created in.
    let census = CensusToken(.observer)
  #endif

  init(lifetime: AnyObject?, body: @escaping @MainActor (A, B) -> Void) {
    self.body = body
    self.isLifetimeBound = lifetime != nil
    self.lifetime = lifetime
    super.init()
  }

  override var isActive: Bool { !isRemoved && (!isLifetimeBound || lifetime != nil) }

  override func removeFromOwner() { list?.remove(self) }

  /// A token that cancels this observer and does not keep it alive.
  func token() -> Subscription { ticket }
}

/// The observers of one value, notified with the chain's snapshot-and-cancel semantics.
///
/// A notification calls the observers present when it starts, in registration order; one added
/// during it is first called by the next notification, and one cancelled during it is not called
/// again. The observers live in a ``SlotList``: a notification walks it by index without copying
/// or retaining, and cancelling costs O(1).
@MainActor
@usableFromInline
final class ObserverList<A, B>: DeferredCompaction {
  // NB: unchecked: walked on every notification, in place only and never `inout` across a
  // call, so the dynamic exclusivity check could never fire.
  @exclusivity(unchecked) @usableFromInline var boxes = SlotList<ObserverBox<A, B>>()
  /// Whether a compaction is scheduled with the runtime.
  private var compactionQueued = false
  /// The runtime of the property or hook these observers belong to: it defers their release
  /// and compaction while a notification may walk them.
  let runtime: ChainRuntime

  @usableFromInline init(runtime: ChainRuntime) {
    self.runtime = runtime
  }

  /// Adds an observer; it is first called by the next notification that starts.
  @usableFromInline
  func add(lifetime: AnyObject?, _ body: @escaping @MainActor (A, B) -> Void) -> ObserverBox<A, B> {
    let box = ObserverBox(lifetime: lifetime, body: body)
    box.list = self
    boxes.append(box, through: runtime)
    return box
  }

  /// Calls every observer present now, in registration order, except `skipped` (a binding's
  /// own observer while the binding writes: its echo would be suppressed anyway).
  @inlinable
  func notify(_ first: A, _ second: B, skipping skipped: ObjectIdentifier? = nil) {
    // NB: the count is the snapshot: observers appended from here on are not called.
    let count = boxes.count
    var index = 0
    while index < count {
      let entry = boxes.entry(at: index)
      index += 1
      guard let entry else { continue }
      withUnretained(entry) { box in
        guard !box.isRemoved, ObjectIdentifier(box) != skipped else { return }
        if box.isLifetimeBound, box.lifetime == nil {
          box.cancel()
        } else {
          box.body(first, second)
        }
      }
    }
  }

  /// Takes a cancelled observer out in O(1), compacting once enough slots are vacated.
  func remove(_ box: ObserverBox<A, B>) {
    guard boxes.remove(box, releasingThrough: runtime), !compactionQueued else { return }
    compactionQueued = true
    runtime.compactWhenIdle(self)
  }

  /// Cancels the observer whose identity is `id`, if it is still here.
  func cancel(_ id: ObjectIdentifier) {
    for box in boxes.elements where ObjectIdentifier(box) == id { box.cancel() }
  }

  /// Cancels every observer.
  func cancelAll() {
    for box in boxes.elements { box.cancel() }
  }

  /// The number of observers that can still be called.
  var liveCount: Int {
    var live = 0
    boxes.each { if $0.isActive { live += 1 } }
    return live
  }

  func compactNow() {
    compactionQueued = false
    boxes.compact()
  }

  isolated deinit {
    for entry in boxes.takeAll(freeingThrough: runtime) { runtime.release(entry) }
  }
}
