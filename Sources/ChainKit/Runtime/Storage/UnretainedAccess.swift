/// Calls `body` with the object `reference` refers to, without retaining it: as
/// ``withUnretained(_:_:)`` for a reference stored as an ``Unretained``, whose check runs first.
///
/// The caller guarantees the object stays alive during the call, as for an `Unmanaged`.
@inlinable @inline(__always)
func withUnretained<Object: AnyObject, Result>(
  _ reference: Unretained<Object>, _ body: (Object) throws -> Result
) rethrows -> Result {
  reference.checkInvariants()
  return try withUnretained(reference.reference, body)
}

/// Calls `body` with the object `reference` refers to as a `Subclass`, without retaining it or,
/// in release builds, checking its type.
///
/// For a list that keeps its elements as their base class while the caller knows their class
/// from an invariant it states where it calls this (a bus slot only holds subscribers of its own
/// event type). Builds with `CHAINKIT_INVARIANTS` check the type as ``uncheckedCast(_:to:)``
/// does.
@inlinable @inline(__always)
func withUnretained<Object: AnyObject, Subclass: AnyObject, Result>(
  _ reference: Unmanaged<Object>, as type: Subclass.Type, _ body: (Subclass) throws -> Result
) rethrows -> Result {
  #if CHAINKIT_INVARIANTS
    _ = uncheckedCast(reference.takeUnretainedValue(), to: type)
  #endif
  return try withUnretained(Unmanaged<Subclass>.fromOpaque(reference.toOpaque()), body)
}

extension Unretained {
  /// The same reference, from an `Unmanaged` one (an entry of a ``SlotList``).
  @inlinable
  init(_ reference: Unmanaged<Object>) {
    self.reference = reference
    #if CHAINKIT_INVARIANTS
      checked = reference.takeUnretainedValue()
    #endif
  }
}
