import Synchronization

/// The one door from other threads into a bus: a mutex-protected FIFO drained by one main-actor
/// job at a time.
///
/// Each thread's publishes keep their order, because they enter the FIFO in that order and are
/// run in FIFO order. Nothing is lost: the "drain scheduled" flag is cleared under the same lock
/// that empties the queue, so a publish that arrives after the last batch schedules a new drain.
///
/// NB: a small private queue; if the chain's own cross-thread queue (``RemoteNode``'s) lands,
/// both can share it.
final class BusInbox: Sendable {
  private struct State {
    var pending: [@MainActor @Sendable () -> Void] = []
    var drainScheduled = false
  }

  private let state = Mutex(State())

  /// Appends a job; returns `true` if the caller must schedule a drain.
  func append(_ job: @escaping @MainActor @Sendable () -> Void) -> Bool {
    state.withLock { state in
      state.pending.append(job)
      guard !state.drainScheduled else { return false }
      state.drainScheduled = true
      return true
    }
  }

  /// Takes every pending job, or returns `nil` and clears the drain flag if there are none.
  func takeAll() -> [@MainActor @Sendable () -> Void]? {
    state.withLock { state in
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
