/// The elements a stream's buffer holds, oldest first, in a ring of slots that is reused as
/// elements come and go.
///
/// Taking the oldest element moves the head instead of shifting the rest, and a full bounded ring
/// that drops its oldest element writes the new one over it: an element buffered and taken, or
/// buffered over a dropped one, costs no allocation. The ring grows (doubling, up to
/// `maxCapacity`) only when every slot is taken.
///
/// The `count` slots from `head` on (wrapping around) hold the elements; the other slots are
/// `nil`, so a taken element is released at once. The slots are a ``RingSlots``, written in place:
/// no copy-on-write check and no index check on an element's way through.
@usableFromInline
struct StreamRing<Element> {
  /// The slots; `nil` until the first element arrives, and again once the ring is emptied.
  @usableFromInline var slots: RingSlots<Element>?
  /// The number of slots, taken or not (0 without slots): read on every append, so it is kept
  /// here rather than read through the slots.
  @usableFromInline var capacity = 0
  /// The slot of the oldest element (0 while the ring is empty and has no slots).
  @usableFromInline var head = 0
  /// The number of elements held.
  @usableFromInline var count = 0
  /// The most slots the ring grows to: the caller never appends to a ring that holds this many.
  @usableFromInline let maxCapacity: Int

  init(maxCapacity: Int) {
    self.maxCapacity = maxCapacity
  }

  /// Whether every slot holds an element.
  @inlinable var isFull: Bool { count == capacity }

  /// Adds `element` after the newest; grows the ring if every slot is taken.
  ///
  /// The caller keeps `count` below `maxCapacity`.
  @inlinable
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    guard let slots else { preconditionFailure("a ring with a free slot has no slots") }
    var index = head &+ count
    if index >= capacity { index &-= capacity }
    slots.store(element, at: index)
    count &+= 1
  }

  /// Takes the oldest element, or returns `nil` if there is none.
  @inlinable
  mutating func removeFirst() -> Element? {
    guard count > 0, let slots else { return nil }
    // An occupied slot holds `.some(element)`: what it gives up is the element, optional.
    let element = slots.take(at: head)
    head &+= 1
    if head == capacity { head = 0 }
    count &-= 1
    return element
  }

  /// Drops the oldest element and adds `element` after the newest, in the oldest one's slot.
  ///
  /// The ring must be full (and hold at least one element): its newest slot is then the one
  /// just before the head, so the head moves on by one.
  ///
  /// - Returns: The dropped element, for the caller to release outside its lock: an element's
  ///   deinit is user code.
  @inlinable @inline(__always)
  mutating func replaceOldest(with element: Element) -> Element? {
    guard let slots else { preconditionFailure("a full ring with an element has no slots") }
    // NB: one access to the slot: the new element goes in and the old one comes out together.
    let dropped = slots.exchange(at: head, with: element)
    head &+= 1
    if head == capacity { head = 0 }
    return dropped
  }

  /// Empties the ring.
  ///
  /// - Returns: The slots, for the caller to release outside its lock: an element's deinit is
  ///   user code, run when the last holder of the slots lets them go.
  mutating func removeAll() -> RingSlots<Element>? {
    let taken = slots
    slots = nil
    capacity = 0
    head = 0
    count = 0
    return taken
  }

  /// Doubles the slots (at least 4, at most `maxCapacity`), the elements moved to the front in
  /// order.
  ///
  /// Inlinable, as the rest of the ring: unspecialised, filling and moving the slots would go
  /// through the element type's witnesses one slot at a time, and growing a ring would cost more
  /// than all the elements that pass through it.
  @inlinable
  mutating func grow() {
    let grownCapacity = Swift.min(maxCapacity, Swift.max(4, capacity &* 2))
    let grown = RingSlots<Element>(capacity: grownCapacity)
    if let slots {
      var index = head
      for offset in 0..<count {
        grown.store(slots.take(at: index), at: offset)
        index &+= 1
        if index == capacity { index = 0 }
      }
    }
    slots = grown
    capacity = grownCapacity
    head = 0
  }

  /// Traps with a message if the ring's bounds or its occupied slots are not as documented.
  ///
  /// Constant time: it checks the oldest slot and the slot after the newest, not every slot.
  func checkInvariants() {
    precondition(
      capacity == (slots?.capacity ?? 0),
      "\(capacity) slots counted, \(slots?.capacity ?? 0) allocated")
    precondition(
      count >= 0 && count <= capacity && capacity <= Swift.max(maxCapacity, 0),
      "\(count) elements in \(capacity) slots (at most \(maxCapacity))")
    precondition(
      capacity == 0 ? head == 0 : head >= 0 && head < capacity,
      "head \(head) outside \(capacity) slots")
    guard let slots else { return }
    if count > 0 {
      precondition(slots.isOccupied(at: head), "the oldest slot is empty")
    }
    if count < capacity {
      var free = head + count
      if free >= capacity { free -= capacity }
      precondition(!slots.isOccupied(at: free), "the slot after the newest holds an element")
    }
  }
}

extension StreamRing: Sendable where Element: Sendable {}
