/// The optimisation barrier: results flow into `consume`, inputs come out of `opaque`.
///
/// NB: both are non-generic and `@inline(never)`. A generic `blackHole<T>` makes the compiler
/// reabstract closures through thunks and inflates a direct closure call 2-4x (see
/// shared/notes/performance.md); an inlinable barrier lets the loop be optimised away.
enum Sink {
  /// Everything consumed, folded together so that no consumed value is dead.
  nonisolated(unsafe) static var total = 0

  /// Always zero, but the compiler cannot know it.
  nonisolated(unsafe) static var zero = 0

  /// Keeps an integer result alive.
  @inline(never)
  static func consume(_ value: Int) {
    total &+= value
  }

  /// Keeps an object alive until this call and its identity observable.
  @inline(never)
  static func consume(_ object: AnyObject) {
    total &+= ObjectIdentifier(object).hashValue & 1
  }

  /// Returns `value` in a way the optimiser cannot see through.
  @inline(never)
  static func opaque(_ value: Int) -> Int {
    value &+ zero
  }
}
