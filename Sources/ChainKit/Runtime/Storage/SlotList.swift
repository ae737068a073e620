/// Objects in insertion order, each owned by the list with one manual retain, walked without
/// reference counting and removed in O(1) amortised.
///
/// Registrations, bus subscribers, data subscribers and observers all live in one of these, so
/// the rules that make walking them unretained sound are written, and checked, once:
///
/// - While an operation is under way (``ChainRuntime/depth`` above 0) entries are only appended;
///   a removed element's slot is *vacated* (set to `nil`), never moved, so an index a walker holds
///   stays valid and a walk that snapshots `count` on arrival sees exactly the elements present
///   then. Compaction, which moves entries, waits until no operation is under way.
/// - A vacated element is released at once when no operation is under way, and otherwise when
///   the outermost one returns (``ChainRuntime/release(_:)``): one that a walker is calling is
///   never freed under it.
/// - Storage replaced by growth is freed only once no operation is under way
///   (``ChainRuntime/free(_:)``), so a walker's `base` stays readable.
/// - The runtime that defers these is the owner's, passed to each call that may free: a list
///   holds no runtime of its own, so it costs no reference per list.
/// - Each element knows its slot (``SlotIndexed/slot``), so vacating costs O(1); compaction runs
///   once vacated slots outnumber live ones, so removing every element one by one is linear.
///
/// ``checkInvariants(_:)`` checks these; builds with `CHAINKIT_INVARIANTS` run it after every
/// mutating operation, so every test exercises it.
@usableFromInline
@MainActor
struct SlotList<Element: SlotIndexed> {
  @usableFromInline private(set) var base: UnsafeMutablePointer<Unmanaged<Element>?>?
  /// Slots in use, vacated ones included: the snapshot a walker takes on arrival.
  @usableFromInline private(set) var count = 0
  private var capacity = 0
  /// How many slots are vacated.
  private(set) var vacated = 0

  nonisolated init() {}

  /// The number of elements, vacated slots not counted.
  var liveCount: Int { count - vacated }

  var isEmpty: Bool { liveCount == 0 }

  /// Whether enough slots are vacated that compacting now pays for itself.
  var isSparse: Bool { vacated > 4 && vacated * 2 > count }

  /// The element in `slot`, or `nil` if it is vacated.
  ///
  /// NB: no closure (`base.flatMap { ... }`): a closure formed here is main-actor isolated and,
  /// passed to the standard library, gets a dynamic executor check on every call, which would
  /// cost more than the rest of the step for each element a walk reads (`fanout10.bus`,
  /// `share1000.chainkit`, `binding.chainkit`; see BENCHMARKS.md).
  @inlinable @inline(__always)
  func entry(at slot: Int) -> Unmanaged<Element>? {
    guard let base else { return nil }
    return base[slot]
  }

  /// The elements, as an array the caller may keep while the list changes.
  var elements: [Element] {
    var all: [Element] = []
    all.reserveCapacity(liveCount)
    each { all.append($0) }
    return all
  }

  /// Calls `body` with each element; `body` must not change the list.
  func each(_ body: (Element) -> Void) {
    guard let base else { return }
    for slot in 0..<count {
      if let entry = base[slot] { body(entry.takeUnretainedValue()) }
    }
  }

  /// Appends `element` (retained) and tells it its slot; storage replaced by growth is freed
  /// through `runtime`.
  mutating func append(_ element: Element, through runtime: ChainRuntime) {
    if count == capacity { grow(through: runtime) }
    guard let base else { return }
    (base + count).initialize(to: .passRetained(element))
    element.slot = count
    count += 1
    checkInvariants()
  }

  private mutating func grow(through runtime: ChainRuntime) {
    let newCapacity = max(4, capacity * 2)
    let storage = UnsafeMutablePointer<Unmanaged<Element>?>.allocate(capacity: newCapacity)
    if let base {
      storage.moveInitialize(from: base, count: count)
      runtime.free(UnsafeMutableRawPointer(base))
    }
    base = storage
    capacity = newCapacity
  }

  /// Vacates `element`'s slot and releases it through `runtime`, now or once no operation is
  /// under way.
  ///
  /// Does nothing if `element` is not in this list.
  ///
  /// - Returns: Whether the list is now sparse enough to compact.
  @discardableResult
  mutating func remove(_ element: Element, releasingThrough runtime: ChainRuntime) -> Bool {
    let slot = element.slot
    guard let base, slot >= 0, slot < count, let entry = base[slot],
      entry.takeUnretainedValue() === element
    else { return false }
    base[slot] = nil
    vacated += 1
    checkInvariants()
    // NB: released after the slot is vacated, so deinit code that reaches this list finds it
    // consistent.
    runtime.release(entry)
    return isSparse
  }

  /// Drops vacated slots, keeping the order of the others and telling each its new slot.
  ///
  /// NB: only when no operation is under way: a walker may be indexing into this storage.
  mutating func compact() {
    guard let base, vacated > 0 else { return }
    var kept = 0
    for slot in 0..<count {
      guard let entry = base[slot] else { continue }
      base[kept] = entry
      entry.takeUnretainedValue().slot = kept
      kept += 1
    }
    for slot in kept..<count { base[slot] = nil }
    count = kept
    vacated = 0
    checkInvariants()
  }

  /// Takes every element out and frees the storage through `runtime`; the caller releases what
  /// is returned.
  mutating func takeAll(freeingThrough runtime: ChainRuntime) -> [Unmanaged<Element>] {
    guard let base else { return [] }
    var entries: [Unmanaged<Element>] = []
    for slot in 0..<count {
      if let entry = base[slot] { entries.append(entry) }
    }
    (base).deinitialize(count: count)
    count = 0
    vacated = 0
    runtime.free(UnsafeMutableRawPointer(base))
    self.base = nil
    capacity = 0
    checkInvariants()
    return entries
  }

  /// Traps with a message if an invariant of the list does not hold; `element` adds checks of
  /// each element against its owner.
  func checkInvariants(_ element: (Element) -> Void = { _ in }) {
    #if CHAINKIT_INVARIANTS
      precondition(count >= 0 && count <= capacity, "count \(count) outside capacity \(capacity)")
      precondition((base == nil) == (capacity == 0), "storage and capacity disagree")
      var holes = 0
      if let base {
        for slot in 0..<count {
          guard let entry = base[slot] else {
            holes += 1
            continue
          }
          let value = entry.takeUnretainedValue()
          precondition(value.slot == slot, "an element in slot \(slot) is told \(value.slot)")
          element(value)
        }
      }
      precondition(holes == vacated, "\(holes) vacated slots counted as \(vacated)")
    #endif
  }
}

/// An element of a ``SlotList``: it knows its slot, so removing it costs O(1).
@MainActor
@usableFromInline
protocol SlotIndexed: AnyObject {
  /// The element's index in its list; kept up to date by the list.
  var slot: Int { get set }
}
