/// `unsafeDowncast` in one audited place: `object` as a `T`, with no check in release builds.
///
/// Each caller knows the dynamic type from an invariant it states where it calls this (a key id
/// is only ever registered, shared or subscribed with its own types; a bus slot is made for its
/// event type). Builds with `CHAINKIT_INVARIANTS` check the cast and trap naming both types,
/// instead of running code on an object of the wrong type.
///
/// Transparent, as `unsafeDowncast` is: inlined before the ownership optimizations run, so a
/// responder cast from a borrowed registration is not retained around its call
/// (`bubble8.request`, see BENCHMARKS.md).
@usableFromInline @_transparent
func uncheckedCast<T: AnyObject>(_ object: AnyObject, to type: T.Type) -> T {
  #if CHAINKIT_INVARIANTS
    precondition(object is T, "a \(Swift.type(of: object)) taken for a \(T.self)")
  #endif
  return unsafeDowncast(object, to: type)
}
