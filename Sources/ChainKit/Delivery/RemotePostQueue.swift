import Synchronization

/// One queued remote post, its payload and key captured in a type-erased closure.
struct RemotePost: Sendable {
  let target: RemoteTarget?
  let deliver: @MainActor @Sendable (NodeCore) -> Void
  let barrier: SettleBarrier?
  let job: (@MainActor @Sendable () -> Void)?

  init(target: RemoteTarget, deliver: @escaping @MainActor @Sendable (NodeCore) -> Void) {
    self.target = target
    self.deliver = deliver
    self.barrier = nil
    self.job = nil
  }

  /// Work for the main actor that is not a post to a node (a bus publish from another thread):
  /// it shares the one queue, so a thread's posts and publishes keep their relative order.
  init(job: @escaping @MainActor @Sendable () -> Void) {
    self.target = nil
    self.deliver = { _ in }
    self.barrier = nil
    self.job = job
  }

  /// A marker that releases `barrier` when the drain reaches it (see ``RemoteNode/settle()``).
  init(barrier: SettleBarrier) {
    self.target = nil
    self.deliver = { _ in }
    self.barrier = barrier
    self.job = nil
  }
}

/// The process-wide queue from other threads to the main actor.
///
/// Posting takes the lock once, appends, and releases it; only the post that finds the queue
/// empty schedules a drain job, so a burst of posts costs one main-actor job. The drain swaps the
/// whole queue out under the lock and dispatches without holding it, so a listener that posts
/// remotely again (or a poster on another thread) never waits for listeners to finish.
///
/// One per process, beside the main actor's ``ChainRuntime`` rather than in it: it is the door
/// from other threads into the main actor, so it is reached from threads that cannot read the
/// runtime (which is main-actor state). Its queue is behind a lock and its counter atomic.
final class RemotePostQueue: Sendable {
  /// The process's queue (allowed by `NoGlobalStateTests`, for the reason above).
  static let shared = RemotePostQueue()

  private let pending = Locked<[RemotePost]>([])
  let dropped = Atomic<Int>(0)
  /// The background lanes running calls now, which ``RemoteNode/settle()`` waits for: a lane
  /// lists itself when it starts and unlists itself when it goes idle.
  let busyLanes = Locked<[ObjectIdentifier: any BusyLane]>([:])

  func enqueue(_ post: RemotePost) {
    let wasEmpty = pending.withLock { queue in
      queue.append(post)
      return queue.count == 1
    }
    // NB: scheduled outside the lock. Exactly one job exists per empty-to-non-empty transition,
    // and that job runs after any drain under way (the main actor is serial), so order holds.
    if wasEmpty {
      Task { @MainActor in self.drain() }
    }
  }

  @MainActor
  func drain() {
    var batch: [RemotePost] = []
    pending.withLock { queue in swap(&queue, &batch) }
    for post in batch {
      if let barrier = post.barrier {
        // The next-turn calls queued by the posts before the marker run before it is released,
        // and then the background calls queued so far return.
        ChainRuntime.main.nextTurn.afterPendingCalls {
          barrier.release(afterQueuedCallsOf: self.busyLanes.withLock { Array($0.values) })
        }
        continue
      }
      if let job = post.job {
        job()
        continue
      }
      guard let target = post.target else { continue }
      guard let core = target.core else {
        target.dropped.add(1, ordering: .relaxed)
        dropped.add(1, ordering: .relaxed)
        continue
      }
      post.deliver(core)
    }
  }
}
