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
