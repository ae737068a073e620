/// A fixed sequence of elements, copied in when made and read in place: the steps of a dispatch
/// plan (`DispatchPlan`).
///
/// NB: a class of its own rather than a `ContiguousArray`: a read checks its index against the
/// count, and the loop over a plan's steps, bounded by another count than the array's (a key that
/// does not bubble stops before the bubble steps), pays that check on every step. Here a read is
/// one load. That rests on what the buffer promises:
///
/// - its elements are written once, when it is made, and never again: nothing can free or move
///   them while a reader holds the buffer;
/// - every index read is in `0..<count` (its owner bounds its loops by `count` or less).
///
/// Builds with `CHAINKIT_INVARIANTS` run ``checkInvariants(index:)`` from every read, which traps
/// with a message on an index outside the elements.
@usableFromInline
final class FixedBuffer<Element> {
  /// The first element; `count` elements, each initialised.
  @usableFromInline let base: UnsafeMutablePointer<Element>
  /// The number of elements.
  @usableFromInline let count: Int

  /// A buffer holding `elements`, in order.
  init(_ elements: ContiguousArray<Element>) {
    count = elements.count
    base = .allocate(capacity: Swift.max(count, 1))
    for (index, element) in elements.enumerated() { (base + index).initialize(to: element) }
  }

  /// The element at `index`.
  @inlinable
  subscript(index: Int) -> Element {
    @inline(__always) get {
      checkInvariants(index: index)
      return base[index]
    }
  }

  /// The first element, `nil` if there is none.
  var first: Element? { count > 0 ? self[0] : nil }

  /// Traps with a message if `index` is outside the elements.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  @inlinable @inline(__always)
  func checkInvariants(index: Int) {
    #if CHAINKIT_INVARIANTS
      precondition(index >= 0 && index < count, "element \(index) outside \(count) elements")
    #endif
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
