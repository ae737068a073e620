/// Slots of an array made unique and long enough once, then overwritten in place without the
/// array's per-write uniqueness and bounds checks: a traced dispatch's kept hops
/// (`RecordingProbe`), which a plan's passes write one per pass.
///
/// NB: it holds the address of the array's elements, which rests on what its owner promises
/// between ``reserve(_:count:filler:)`` and its last ``write(_:at:)``:
///
/// - the array is not copied, grown, shrunk or released meanwhile (the owner keeps it private
///   and only overwrites elements below its count through the array's own subscript, which
///   finds it unique and moves nothing);
/// - every index written is below ``count`` (the owner writes through the array's API past it).
///
/// Builds with `CHAINKIT_INVARIANTS` run ``checkInvariants(index:in:)`` from every write, which
/// traps with a message on an index outside the slots or an array that moved.
@usableFromInline
struct ReservedSlots<Element> {
  /// The first slot, nil when there are none.
  private var base: UnsafeMutablePointer<Element>?
  /// How many slots may be written.
  private(set) var count = 0

  /// No slots.
  init() {}

  /// Makes `array` unique and at least `count` elements long (padded with `filler`), and
  /// returns its first `array.count` elements as slots.
  static func reserve(
    _ array: inout ContiguousArray<Element>, count: Int, filler: Element
  ) -> ReservedSlots {
    if array.count < count {
      array.reserveCapacity(count)
      array.append(contentsOf: repeatElement(filler, count: count - array.count))
    }
    var slots = ReservedSlots()
    // NB: taken while the array is unique (`withUnsafeMutableBufferPointer` makes it so); the
    // owner's promise keeps the address valid after the call.
    slots.base = array.withUnsafeMutableBufferPointer { $0.baseAddress }
    slots.count = array.count
    return slots
  }

  /// Overwrites the slot at `index` (below ``count``) of `array`, the array the slots were
  /// reserved in (read only by the invariant check).
  @inline(__always)
  func write(_ element: Element, at index: Int, of array: borrowing ContiguousArray<Element>) {
    checkInvariants(index: index, in: array)
    // Non-nil: `count` is 0 without a base, and the index is below it.
    base.unsafelyUnwrapped[index] = element
  }

  /// Traps with a message if `index` is outside the slots or `array` no longer holds them.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  @inline(__always)
  func checkInvariants(index: Int, in array: borrowing ContiguousArray<Element>) {
    #if CHAINKIT_INVARIANTS
      precondition(index >= 0 && index < count, "slot \(index) outside \(count) reserved slots")
      precondition(array.count >= count, "the array shrank below its reserved slots")
      let address = array.withUnsafeBufferPointer { $0.baseAddress }
      precondition(UnsafePointer(base) == address, "the array moved from its reserved slots")
    #endif
  }
}
