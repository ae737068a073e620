#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one door from other threads into a bus: a mutex-protected FIFO drained by one main-actor
/// job at a time.
///
/// Each thread's publishes keep their order, because they enter the FIFO in that order and are
/// run in FIFO order. Nothing is lost: the "drain scheduled" flag is cleared under the same lock
/// that empties the queue, so a publish that arrives after the last batch schedules a new drain.
///
/// NB: a pthread mutex, not `Synchronization.Mutex`: on Linux the latter locks with raw futex
/// calls the thread sanitizer cannot see, so it reports races on the state it protects. Also a
/// small private queue; if the chain's own cross-thread queue lands, both can share it.
final class BusInbox: @unchecked Sendable {
  private struct State {
    var pending: [@MainActor @Sendable () -> Void] = []
    var drainScheduled = false
  }

  // Guarded by `mutex`; that is what makes the class Sendable.
  private var state = State()
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&state)
  }

  /// Appends a job; returns `true` if the caller must schedule a drain.
  func append(_ job: @escaping @MainActor @Sendable () -> Void) -> Bool {
    withLock { state in
      state.pending.append(job)
      guard !state.drainScheduled else { return false }
      state.drainScheduled = true
      return true
    }
  }

  /// Takes every pending job, or returns `nil` and clears the drain flag if there are none.
  func takeAll() -> [@MainActor @Sendable () -> Void]? {
    withLock { state in
      guard !state.pending.isEmpty else {
        state.drainScheduled = false
        return nil
      }
      let jobs = state.pending
      state.pending = []
      return jobs
    }
  }
}
