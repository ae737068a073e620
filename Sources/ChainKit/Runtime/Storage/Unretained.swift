/// A reference that neither retains its object nor pays for a weak reference: `unowned(unsafe)`
/// and `Unmanaged`, in one audited place.
///
/// Whoever stores one promises that the object outlives every read of ``object``, and says why
/// where it stores it. A weak reference would move the object's reference count to a side table
/// and slow down every retain of it; a strong one would keep alive what should die.
///
/// Builds with `CHAINKIT_INVARIANTS` also keep a weak reference, and ``checkInvariants()`` (run
/// on every read) traps with a message if the promise was broken, instead of reading freed
/// memory.
@usableFromInline
struct Unretained<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>
  #if CHAINKIT_INVARIANTS
    /// The same object, weakly: what the check compares against.
    @usableFromInline weak var checked: Object?
  #endif

  @inlinable
  init(_ object: Object) {
    reference = Unmanaged.passUnretained(object)
    #if CHAINKIT_INVARIANTS
      checked = object
    #endif
  }

  /// The object; the caller guarantees it is still alive.
  @inlinable
  var object: Object {
    checkInvariants()
    return reference.takeUnretainedValue()
  }

  /// Whether `other` is the object, compared without touching it.
  @inlinable
  func refers(to other: AnyObject) -> Bool {
    reference.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
  }

  #if CHAINKIT_INVARIANTS
    /// Whether the object is still alive (only builds with invariants can tell).
    var isAlive: Bool { checked != nil }
  #endif

  /// Traps with a message if the object is gone.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  @usableFromInline
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(checked != nil, "an unretained \(Object.self) was read after it was freed")
    #endif
  }
}

/// Calls `body` with the object `reference` points to, without retaining it.
///
/// The caller guarantees the object stays alive during the call (dispatch holds the owner of
/// every reference it walks). Inside `body` the object is a guaranteed reference (the standard
/// library's term for a reference the caller keeps alive), so reading a `let` closure from it and
/// calling that closure costs no reference counting either.
///
/// NB: a function of this module, rather than the standard library's method called directly,
/// so that closures passed from main-actor code are checked statically (this module is Swift 6)
/// and get no dynamic executor check on every call.
@inlinable @inline(__always)
func withUnretained<Object: AnyObject, Result>(
  _ reference: Unmanaged<Object>, _ body: (Object) throws -> Result
) rethrows -> Result {
  try reference._withUnsafeGuaranteedRef(body)
}
