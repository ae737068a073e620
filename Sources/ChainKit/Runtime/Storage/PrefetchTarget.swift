import CChainPrefetch

/// An address to ask the cache for ahead of its use, or none: a share over a large tree asks for
/// what its later deliveries will read (``ContextReadableClosure/context``,
/// ``prefetchFields(around:before:after:)``) while it calls the subscribers before them.
///
/// NB: a prefetch is a hint. It never faults and changes nothing a program can observe, whatever
/// the address (freed, stale or null), so a target needs no lifetime promise: at worst the hint
/// fetches a line no one reads. That is why it may be kept in a share's layout past the life of
/// the closure it names, and used without a check.
struct PrefetchTarget {
  /// The address, `nil` for none.
  let address: UnsafeRawPointer?

  /// No target: prefetching it does nothing.
  static var none: PrefetchTarget { PrefetchTarget(address: nil) }

  /// Asks for the line holding the address, for reading, into every cache level.
  @inline(__always)
  func prefetch() { chainkit_prefetch(address) }

  /// Asks for the lines holding the bytes from `before` bytes ahead of `field` to `after` bytes
  /// past its start: stored properties of one object, around one of them.
  ///
  /// NB: only the field's address is taken, nothing is read or written through it; the span
  /// rests on the object's layout, which the caller states, and a wrong span only wastes a hint.
  @inline(__always)
  static func prefetchFields(around field: inout UInt64, before: Int, after: Int) {
    withUnsafeMutablePointer(to: &field) { pointer in
      let address = UnsafeRawPointer(pointer)
      chainkit_prefetch(address - before)
      chainkit_prefetch(address + (after - 1))
    }
  }
}
