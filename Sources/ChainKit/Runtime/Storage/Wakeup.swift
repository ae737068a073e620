#if CHAINKIT_INVARIANTS
  import Synchronization
#endif

/// A suspended task and the one resumption it is owed: an `UnsafeContinuation`, in one audited
/// place.
///
/// An unsafe continuation costs no allocation and no check, so its rules are the caller's. Who
/// keeps a wakeup promises to:
///
/// - keep it in one place only (a buffer under a lock), and take it out of there before resuming
///   it, so that nobody else can find it and resume it again: a second resume is undefined
///   behaviour;
/// - resume every wakeup it keeps, eventually: one never resumed leaves its task suspended for
///   ever;
/// - resume it after releasing that lock, so that the resumed task never waits for the lock its
///   waker holds.
///
/// Builds with `CHAINKIT_INVARIANTS` keep a flag per wakeup, and ``resume(returning:)`` runs
/// ``checkInvariants()``, which traps with a message on a second resumption instead of
/// corrupting the task.
@usableFromInline
struct Wakeup<Value: Sendable>: Sendable {
  @usableFromInline let continuation: UnsafeContinuation<Value, Never>
  #if CHAINKIT_INVARIANTS
    /// Set by the first resumption: what the check reads.
    @usableFromInline let resumed: ResumedFlag
  #endif

  @inlinable
  init(_ continuation: UnsafeContinuation<Value, Never>) {
    self.continuation = continuation
    #if CHAINKIT_INVARIANTS
      resumed = ResumedFlag()
    #endif
  }

  /// Suspends the calling task until its wakeup is resumed.
  ///
  /// `park` keeps the wakeup (and returns `nil`), or returns at once what to resume it with.
  @inlinable
  static func wait(_ park: (Wakeup) -> Value?) async -> Value {
    await withUnsafeContinuation { continuation in
      let wakeup = Wakeup(continuation)
      if let ready = park(wakeup) { wakeup.resume(returning: ready) }
    }
  }

  /// Resumes the task with `value`; called once, by whoever took the wakeup out of the place
  /// that kept it, outside that place's lock.
  @inlinable
  func resume(returning value: Value) {
    checkInvariants()
    continuation.resume(returning: value)
  }

  /// Traps with a message if this wakeup was resumed before; marks it resumed.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`. Not inlinable, so that the check is
  /// compiled with ChainKit's flags, not its caller's.
  @usableFromInline
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      let (exchanged, _) = resumed.value.compareExchange(
        expected: false, desired: true, ordering: .acquiringAndReleasing)
      precondition(exchanged, "a wakeup was resumed twice")
    #endif
  }
}

#if CHAINKIT_INVARIANTS
  /// Whether a ``Wakeup`` was resumed, shared by its copies.
  @usableFromInline
  final class ResumedFlag: Sendable {
    let value = Atomic(false)

    @usableFromInline init() {}
  }
#endif
