/// A value guarded by a POSIX mutex, for the queues other threads append to.
///
/// NB: not `Synchronization.Mutex`. On Linux (Swift 6.3) `Mutex` is a priority-inheritance futex,
/// which hands the lock from one waiter to the next through the kernel; with more posting threads
/// than cores it falls into a convoy, and threads that post remotely would wait on each other far
/// longer than they hold the lock. See swiftlang/swift#88440, and BENCHMARKS.md for the
/// measurement.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  // NB: @unchecked because `value` is only touched between lock and unlock of `mutex`.
  private let mutex: UnsafeMutablePointer<SystemCalls.MutexStorage>
  // NB: unchecked, because the mutex already excludes a second access: another thread waits for
  // it, and the same thread entering `withLock` again would block on it before touching `value`.
  // The dynamic check would only add its cost to every element a stream passes on.
  @exclusivity(unchecked) private var value: Value
  #if CHAINKIT_INVARIANTS
    /// Whether a thread is inside ``withLock(_:)``: what the check compares against.
    var isHeld = false
  #endif

  package init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<SystemCalls.MutexStorage>.allocate(capacity: 1)
    SystemCalls.initializeMutex(mutex)
  }

  deinit {
    SystemCalls.destroyMutex(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock; `body` must not call back into ChainKit.
  @usableFromInline
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    SystemCalls.lock(mutex)
    defer { SystemCalls.unlock(mutex) }
    #if CHAINKIT_INVARIANTS
      // NB: after the unlock's defer, so it runs first: the flag is cleared inside the lock.
      checkInvariants()
      isHeld = true
      defer { isHeld = false }
    #endif
    return try body(&value)
  }

  /// Runs `body` with the value and `sent` while holding the lock: a door for a value that is
  /// not `Sendable` to go in.
  ///
  /// NB: a value that is not `Sendable` may enter only through here (or `init`) and leave only
  /// through ``exchange(with:)``, which move it disconnected: that is what makes handing it to
  /// another thread sound. ``withLock(_:)`` would let a closure keep a reference to part of it.
  /// `sent` is a parameter of `body`, not a capture: a capture is the closure's, and the value
  /// it joins would then belong to the caller.
  package func withLock<Result, Sent>(
    sending sent: consuming sending Sent,
    _ body: (inout sending Value, consuming sending Sent) throws -> Result
  ) rethrows -> Result {
    SystemCalls.lock(mutex)
    defer { SystemCalls.unlock(mutex) }
    #if CHAINKIT_INVARIANTS
      checkInvariants()
      isHeld = true
      defer { isHeld = false }
    #endif
    return try body(&value, sent)
  }

  /// Replaces the value with `replacement` while holding the lock and returns the old one,
  /// which no other thread can reach any more.
  package func exchange(with replacement: consuming sending Value) -> sending Value {
    SystemCalls.lock(mutex)
    defer { SystemCalls.unlock(mutex) }
    #if CHAINKIT_INVARIANTS
      checkInvariants()
      isHeld = true
      defer { isHeld = false }
    #endif
    var old = replacement
    swap(&value, &old)
    return old
  }

  /// Traps with a message if another thread is inside ``withLock(_:)`` while the caller holds
  /// the mutex: the `@unchecked Sendable` rests on the mutex excluding them.
  ///
  /// Run from ``withLock(_:)`` just after locking; does nothing unless built with
  /// `CHAINKIT_INVARIANTS`.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(!isHeld, "two threads inside one Locked value at once")
    #endif
  }
}
