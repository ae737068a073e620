// NB: public, because the uncontended lock and unlock are inlined into the stream code of other
// modules, which then touch the flag themselves.
public import Synchronization

/// A value guarded by a spin on an atomic flag: the lock between a stream's producer and its one
/// consumer.
///
/// NB: a spin, not ``Locked``'s POSIX mutex nor `Synchronization.Mutex`. A stream's buffer is
/// touched on every element its producer yields, idle consumer or not, and a mutex's lock and
/// unlock (calls into the C library) would cost more than the rest of the handoff. The flag is
/// taken and released inline, where the element type is specialised; only a contended lock makes
/// a call. A spin is sound here
/// because of what runs under it and who contends for it:
///
/// - every section is a few instructions on the buffer (a push, a pop, parking a waiter) and
///   runs no user code: elements a terminated buffer releases and the actions it hands out leave
///   the lock first; only growing the buffer's ring allocates under it;
/// - at most two threads contend: the producer (the main actor) and the one consumer; a waiter
///   yields its thread on every failed attempt, so a holder that was preempted gets to run.
///
/// Not `Synchronization.Mutex` either for the reason ``DescriptionBox`` gives: the thread
/// sanitizer sees atomics, not that mutex's futex.
///
/// NB: `@unchecked Sendable` because `value` is only touched between ``lock()`` and
/// ``unlock()``; builds with `CHAINKIT_INVARIANTS` run ``checkInvariants()`` from every
/// ``lock()``, which traps if a second holder entered.
@usableFromInline
final class SpinLocked<Value>: @unchecked Sendable {
  /// Set while a thread holds the lock.
  @usableFromInline let busy = Atomic<Bool>(false)
  // NB: unchecked, because the flag already excludes a second access: another thread spins on
  // it, and the same thread entering `withLock` again would spin for ever before touching
  // `value`. The dynamic check would only add its cost to every element a stream passes on.
  @exclusivity(unchecked) @usableFromInline var value: Value
  #if CHAINKIT_INVARIANTS
    /// Whether a thread holds the lock: what the check compares against.
    @usableFromInline var isHeld = false
  #endif

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock; `body` must not call back into ChainKit
  /// nor run user code.
  ///
  /// Inlinable, so that `body` is inlined and specialised where the stream's element type is
  /// known, and so is the uncontended lock and unlock: one compare-and-exchange and one store.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body(&value)
  }

  /// Takes the flag, yielding the thread while another holder has it.
  ///
  /// The first attempt is inline: an idle stream takes its lock on every element its producer
  /// yields, and a call would cost as much as the attempt. Only a contended lock calls
  /// ``lockContended()``.
  @inlinable @inline(__always)
  func lock() {
    if !busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
      lockContended()
    }
    #if CHAINKIT_INVARIANTS
      checkInvariants()
      isHeld = true
    #endif
  }

  /// Takes the flag after a first attempt failed, yielding the thread before each new one, so
  /// that a holder that was preempted gets to run.
  @usableFromInline @inline(never)
  func lockContended() {
    repeat {
      SystemCalls.yieldThread()
    } while !busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
  }

  /// Releases the flag.
  @inlinable @inline(__always)
  func unlock() {
    #if CHAINKIT_INVARIANTS
      isHeld = false
    #endif
    busy.store(false, ordering: .releasing)
  }

  /// Whether a thread holds the lock now: what tests read from code the lock must not run.
  var isLocked: Bool { busy.load(ordering: .relaxed) }

  /// Traps with a message if another thread holds the lock while the caller has just taken it:
  /// the `@unchecked Sendable` rests on the flag excluding them.
  ///
  /// Run from ``lock()``; does nothing unless built with `CHAINKIT_INVARIANTS`.
  @usableFromInline
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(!isHeld, "two threads inside one SpinLocked value at once")
    #endif
  }
}
