/// The elements a stream's buffer holds, oldest first, in a ring of slots that is reused as
/// elements come and go.
///
/// Taking the oldest element moves the head instead of shifting the rest, and a full bounded ring
/// that drops its oldest element writes the new one over it: an element buffered and taken, or
/// buffered over a dropped one, costs no allocation. The ring grows (doubling, up to
/// `maxCapacity`) only when every slot is taken.
///
/// The `count` slots from `head` on (wrapping around) hold the elements; the other slots are
/// `nil`, so a taken element is released at once.
@usableFromInline
struct StreamRing<Element> {
  @usableFromInline var slots: ContiguousArray<Element?> = []
  /// The slot of the oldest element (0 while the ring is empty and has no slots).
  @usableFromInline var head = 0
  /// The number of elements held.
  @usableFromInline var count = 0
  /// The most slots the ring grows to: the caller never appends to a ring that holds this many.
  @usableFromInline let maxCapacity: Int

  init(maxCapacity: Int) {
    self.maxCapacity = maxCapacity
  }

  /// The number of slots, taken or not.
  @inlinable var capacity: Int { slots.count }

  /// Whether every slot holds an element.
  @inlinable var isFull: Bool { count == slots.count }

  /// Adds `element` after the newest; grows the ring if every slot is taken.
  ///
  /// The caller keeps `count` below `maxCapacity`.
  @inlinable
  mutating func append(_ element: Element) {
    if count == slots.count { grow() }
    var index = head &+ count
    if index >= slots.count { index &-= slots.count }
    slots[index] = element
    count &+= 1
  }

  /// Takes the oldest element, or returns `nil` if there is none.
  @inlinable
  mutating func removeFirst() -> Element? {
    guard count > 0 else { return nil }
    // An occupied slot holds `.some(element)`: what it gives up is the element, optional.
    let element = slots[head].take()
    head &+= 1
    if head == slots.count { head = 0 }
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
  @inlinable
  mutating func replaceOldest(with element: Element) -> Element? {
    // NB: one access to the slot: the new element goes in and the old one comes out together.
    var swapped: Element? = element
    swap(&slots[head], &swapped)
    head &+= 1
    if head == slots.count { head = 0 }
    return swapped
  }

  /// Empties the ring.
  ///
  /// - Returns: The slots, for the caller to release outside its lock: an element's deinit is
  ///   user code.
  mutating func removeAll() -> ContiguousArray<Element?> {
    let taken = slots
    slots = []
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
    let capacity = Swift.min(maxCapacity, Swift.max(4, slots.count &* 2))
    var grown = ContiguousArray<Element?>(repeating: nil, count: capacity)
    var index = head
    for offset in 0..<count {
      grown[offset] = slots[index].take()
      index &+= 1
      if index == slots.count { index = 0 }
    }
    slots = grown
    head = 0
  }

  /// Traps with a message if the ring's bounds or its occupied slots are not as documented.
  ///
  /// Constant time: it checks the oldest slot and the slot after the newest, not every slot.
  func checkInvariants() {
    precondition(
      count >= 0 && count <= slots.count && slots.count <= Swift.max(maxCapacity, 0),
      "\(count) elements in \(slots.count) slots (at most \(maxCapacity))")
    precondition(
      slots.isEmpty ? head == 0 : head >= 0 && head < slots.count,
      "head \(head) outside \(slots.count) slots")
    if count > 0 {
      precondition(slots[head] != nil, "the oldest slot is empty")
    }
    if count < slots.count {
      var free = head + count
      if free >= slots.count { free -= slots.count }
      precondition(slots[free] == nil, "the slot after the newest holds an element")
    }
  }
}

extension StreamRing: Sendable where Element: Sendable {}
