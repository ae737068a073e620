import Synchronization

/// A background listener's serial executor: its calls run one at a time, in queue order, off the
/// main actor.
///
/// The main actor appends under a lock and returns; the append that finds the lane idle starts one
/// detached task, which runs calls until the queue is empty. No lock is held while the listener
/// runs. (Domino's background mode handed each call to a concurrent queue and lost their order.)
final class BackgroundLane<Payload: Sendable>: Sendable {
  private struct State {
    var queue: [DeliveredEvent<Payload>] = []
    var running = false
  }

  private let state = Locked(State())
  private let cancelled = Atomic<Bool>(false)
  private let body: @Sendable (DeliveredEvent<Payload>) async -> Void

  init(body: @escaping @Sendable (DeliveredEvent<Payload>) async -> Void) {
    self.body = body
  }

  func enqueue(_ event: DeliveredEvent<Payload>) {
    let start = state.withLock { state in
      state.queue.append(event)
      guard !state.running else { return false }
      state.running = true
      return true
    }
    if start {
      Task.detached { await self.run() }
    }
  }

  /// Whether the lane's task is running calls (for tests).
  var isRunning: Bool { state.withLock { $0.running } }

  /// Stops every call not yet started; a call under way finishes.
  func cancel() { cancelled.store(true, ordering: .releasing) }

  private func run() async {
    while let batch = next() {
      for event in batch {
        if cancelled.load(ordering: .acquiring) { break }
        await body(event)
      }
    }
  }

  /// Takes the queued calls, or marks the lane idle and returns `nil` when there are none.
  private func next() -> [DeliveredEvent<Payload>]? {
    state.withLock { state in
      if state.queue.isEmpty || cancelled.load(ordering: .acquiring) {
        state.queue.removeAll()
        state.running = false
        return nil
      }
      var batch: [DeliveredEvent<Payload>] = []
      swap(&state.queue, &batch)
      return batch
    }
  }
}
