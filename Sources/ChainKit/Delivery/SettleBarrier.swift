import Synchronization

/// A waiter on the remote-post queue: resumed once, either when the drain reaches it (and the
/// next-turn calls queued before it have run, and then the background calls queued by then have
/// returned), or at once by cancellation of the waiting task, whichever comes first.
///
/// NB: `Sendable` through its own state: the continuation is taken out under `Locked` exactly
/// once, so a cancellation racing the main actor's resume can neither resume twice (a trap for a
/// checked continuation) nor leave the waiter hanging. The queue keeps the barrier until its
/// drain, then drops it; the barrier holds nothing but the continuation.
final class SettleBarrier: Sendable {
  private enum State {
    /// Created, not yet given its continuation.
    case idle
    case waiting(CheckedContinuation<Void, Never>)
    /// Resumed, or released before it waited (cancelled first).
    case done
  }

  private let state = Locked(State.idle)
  /// Whether the waiter waits for the background calls queued by the time the drain reaches it;
  /// not when it is itself a background call (set before the barrier is queued, read after).
  private let waitsForBackground = Atomic<Bool>(true)

  var waitsForBackgroundCalls: Bool {
    get { waitsForBackground.load(ordering: .acquiring) }
    set { waitsForBackground.store(newValue, ordering: .releasing) }
  }

  /// Hands the barrier its continuation; resumes it at once if the barrier was released first.
  func wait(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = state.withLock { state -> Bool in
      guard case .idle = state else { return true }
      state = .waiting(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  /// Resumes the waiter if it has not been resumed; later calls do nothing.
  func release() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      defer { state = .done }
      guard case .waiting(let continuation) = state else { return nil }
      return continuation
    }
    continuation?.resume()
  }

  /// Releases the waiter once every call queued so far on each of `lanes` has returned; at once
  /// if there are none.
  func release(afterQueuedCallsOf lanes: [any BusyLane]) {
    guard waitsForBackgroundCalls, !lanes.isEmpty else { return release() }
    let remaining = Locked(lanes.count)
    for lane in lanes {
      lane.afterQueuedCalls {
        let last = remaining.withLock { count in
          count -= 1
          return count == 0
        }
        if last { self.release() }
      }
    }
  }

  /// Whether the waiter has its continuation and is not yet resumed.
  var isWaiting: Bool {
    state.withLock { state in
      if case .waiting = state { return true }
      return false
    }
  }

  /// Whether the waiter was resumed (or released before waiting).
  var isReleased: Bool {
    state.withLock { state in
      if case .done = state { return true }
      return false
    }
  }

  /// Waits for the main actor to drain the remote-post queue up to a barrier queued now.
  ///
  /// The one implementation of ``RemoteNode/settle()``.
  ///
  /// - Parameter barrier: The marker to queue; a test passes its own to watch it.
  static func settle(_ barrier: SettleBarrier = SettleBarrier()) async {
    barrier.waitsForBackgroundCalls = !BackgroundCall.isRunning
    await withTaskCancellationHandler {
      // NB: queued before the continuation exists, so that the barrier's place in the queue is
      // fixed when `settle` is called; `wait` then resumes at once if the drain came first.
      RemotePostQueue.shared.enqueue(RemotePost(barrier: barrier))
      await withCheckedContinuation { barrier.wait($0) }
    } onCancel: {
      barrier.release()
    }
  }
}
