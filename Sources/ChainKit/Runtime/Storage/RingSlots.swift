/// A fixed number of optional slots, read and written in place: the storage of
/// a stream's ring (`StreamRing`).
///
/// NB: a class of its own rather than a `ContiguousArray`: every write to an array stored in the
/// channel's buffer first asks whether the array is uniquely referenced (a call into the runtime)
/// and checks the index, and an idle stream writes a slot on every element its producer yields.
/// Here a write is one store. That rests on what the ring promises:
///
/// - one ring owns a `RingSlots` and touches it only under its channel's lock; the slots leave
///   the ring only to be released (``StreamRing`` hands them out when the stream ends), never to
///   be shared;
/// - every index passed is in `0..<capacity`;
/// - every slot is initialised (to `nil` when empty) from creation to `deinit`, which releases
///   whatever elements are left, so the last holder releases them, outside the lock.
///
/// Builds with `CHAINKIT_INVARIANTS` run ``checkInvariants(index:)`` from every access, which
/// traps with a message on an index outside the slots.
@usableFromInline
final class RingSlots<Element> {
  /// The first slot; `capacity` slots, each initialised.
  @usableFromInline let base: UnsafeMutablePointer<Element?>
  /// The number of slots.
  @usableFromInline let capacity: Int

  /// Makes `capacity` empty slots.
  @inlinable
  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
    base.initialize(repeating: nil, count: capacity)
  }

  /// Puts `element` in the empty slot at `index`.
  @inlinable @inline(__always)
  func store(_ element: Element?, at index: Int) {
    checkInvariants(index: index)
    base[index] = element
  }

  /// Takes the element at `index`, leaving the slot empty; `nil` if it was empty.
  @inlinable @inline(__always)
  func take(at index: Int) -> Element? {
    checkInvariants(index: index)
    return base[index].take()
  }

  /// Puts `element` in the slot at `index` and returns what it held: one access to the slot.
  @inlinable @inline(__always)
  func exchange(at index: Int, with element: Element) -> Element? {
    checkInvariants(index: index)
    let old = (base + index).move()
    (base + index).initialize(to: element)
    return old
  }

  /// Whether the slot at `index` holds an element.
  func isOccupied(at index: Int) -> Bool {
    checkInvariants(index: index)
    return base[index] != nil
  }

  /// Traps with a message if `index` is outside the slots.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  @inlinable @inline(__always)
  func checkInvariants(index: Int) {
    #if CHAINKIT_INVARIANTS
      precondition(index >= 0 && index < capacity, "slot \(index) outside \(capacity) slots")
    #endif
  }

  deinit {
    base.deinitialize(count: capacity)
    base.deallocate()
  }
}

// NB: unchecked, because the slots are touched only by the ring that owns them, under its
// channel's lock, or by the last holder releasing them (see the type's comment).
extension RingSlots: @unchecked Sendable where Element: Sendable {}
