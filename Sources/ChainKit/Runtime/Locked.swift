#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a POSIX mutex, for the queues other threads append to.
///
/// NB: not `Synchronization.Mutex`. On Linux (Swift 6.3) `Mutex` is a priority-inheritance futex,
/// which hands the lock from one waiter to the next through the kernel; with more posting threads
/// than cores it falls into a convoy. Measured here (2 cores, 8 threads appending 100,000 Ints
/// each, `-O`): `Mutex` 11-80 s, this lock 0.07-0.1 s. See swiftlang/swift#88440.
final class Locked<Value>: @unchecked Sendable {
  // NB: @unchecked because `value` is only touched between lock and unlock of `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock; `body` must not call back into ChainKit.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
