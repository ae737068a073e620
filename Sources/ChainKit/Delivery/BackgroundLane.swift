import Synchronization

/// A background listener's serial executor: its calls run one at a time, in queue order, off the
/// main actor.
///
/// The main actor appends under a lock and returns; the append that finds the lane idle starts one
/// detached task, which runs calls until the queue is empty. No lock is held while the listener
/// runs. (Domino's background mode handed each call to a concurrent queue and lost their order.)
///
/// A running lane is listed in ``RemotePostQueue/busyLanes`` so that ``RemoteNode/settle()`` can
/// wait for the calls queued before it: it queues a marker (``afterQueuedCalls(_:)``), which runs
/// once every call before it has returned.
final class BackgroundLane<Payload: Sendable>: BusyLane {
  private enum Item {
    case call(DeliveredEvent<Payload>)
    /// Run when the lane reaches it, or when the lane stops; never skipped.
    case marker(@Sendable () -> Void)
  }

  private struct State {
    var queue: [Item] = []
    var running = false
  }

  private let state = Locked(State())
  private let cancelled = Atomic<Bool>(false)
  private let body: @Sendable (DeliveredEvent<Payload>) async -> Void
  private let busyLanes: Locked<[ObjectIdentifier: any BusyLane]>

  init(body: @escaping @Sendable (DeliveredEvent<Payload>) async -> Void) {
    self.body = body
    self.busyLanes = RemotePostQueue.shared.busyLanes
  }

  func enqueue(_ event: DeliveredEvent<Payload>) {
    let start = state.withLock { state in
      state.queue.append(.call(event))
      guard !state.running else { return false }
      state.running = true
      // NB: listed under the lane's lock, so that the list never misses a running lane (a lane
      // going idle on its own thread unlists itself under the same lock); settle reads the list
      // without holding any lane's lock, so the two locks never nest the other way round.
      busyLanes.withLock { $0[ObjectIdentifier(self)] = self }
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

  func afterQueuedCalls(_ body: @escaping @Sendable () -> Void) {
    let queued = state.withLock { state in
      guard state.running else { return false }
      state.queue.append(.marker(body))
      return true
    }
    if !queued { body() }
  }

  private func run() async {
    while let batch = next() {
      for item in batch {
        switch item {
        case .call(let event):
          if cancelled.load(ordering: .acquiring) { continue }
          await BackgroundCall.$isRunning.withValue(true) { await body(event) }
        case .marker(let release):
          release()
        }
      }
    }
  }

  /// Takes the queued items, or marks the lane idle and returns `nil` when there are none; a
  /// cancelled lane drops its calls but still runs its markers.
  private func next() -> [Item]? {
    let (batch, markers): ([Item]?, [@Sendable () -> Void]) = state.withLock { state in
      if state.queue.isEmpty || cancelled.load(ordering: .acquiring) {
        let markers = state.queue.compactMap { item -> (@Sendable () -> Void)? in
          if case .marker(let release) = item { return release }
          return nil
        }
        state.queue.removeAll()
        state.running = false
        busyLanes.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        return (nil, markers)
      }
      var batch: [Item] = []
      swap(&state.queue, &batch)
      return (batch, [])
    }
    for release in markers { release() }
    return batch
  }
}

/// Whether the calling task is a background listener's call.
enum BackgroundCall {
  /// `true` inside a background listener's call: a settle made there does not wait for the
  /// background lanes, since its own lane (or another lane settling in turn) could only go on
  /// once it returned.
  @TaskLocal static var isRunning = false
}

/// A background lane as ``RemoteNode/settle()`` sees it, whatever its payload type.
protocol BusyLane: AnyObject, Sendable {
  /// Runs `body` once every call queued so far has returned (or been dropped by cancellation);
  /// at once if the lane is idle.
  func afterQueuedCalls(_ body: @escaping @Sendable () -> Void)
}
