import Synchronization

/// One piece of work queued for the main actor: a post to a node, a job, or a settle marker.
///
/// Not `Sendable`: a post may carry a payload that is not. It crosses to the main actor the way
/// a `sending` value does: the poster hands it over disconnected (see
/// ``RemotePostQueue/enqueue(_:)``), the queue keeps it under its lock, and the drain takes the
/// whole batch out, so no two threads ever reach one post.
struct RemotePost {
  enum Work {
    case post(RemoteTarget, any RemoteDelivery)
    case job(any RemoteJob)
    case barrier(SettleBarrier)
  }

  let work: Work

  /// An event for `target`'s node, dispatched by `delivery` if the node is still alive.
  init(target: RemoteTarget, delivery: sending any RemoteDelivery) {
    work = .post(target, delivery)
  }

  /// Work for the main actor that is not a post to a node (a bus publish from another thread):
  /// it shares the one queue, so a thread's posts and publishes keep their relative order.
  init(job: sending any RemoteJob) {
    work = .job(job)
  }

  /// A closure for the main actor, queued as a job.
  init(job: @escaping @MainActor @Sendable () -> Void) {
    work = .job(ClosureJob(body: job))
  }

  /// A marker that releases `barrier` when the drain reaches it (see ``RemoteNode/settle()``).
  init(barrier: SettleBarrier) {
    work = .barrier(barrier)
  }
}

/// A payload on its way to a node, dispatched on the main actor.
///
/// NB: a protocol with a main-actor method rather than a `@MainActor` closure: such a closure
/// is `Sendable` (SE-0434), so it could not capture a payload that is not; this value, with
/// its payload in a stored property, is handed over as a `sending` value instead.
protocol RemoteDelivery {
  @MainActor func deliver(to core: NodeCore)
}

/// Work for the main actor queued behind remote posts; a protocol for the reason of
/// ``RemoteDelivery``.
protocol RemoteJob {
  @MainActor func run()
}

/// A remote post's key and payload.
struct RemoteEvent<Payload>: RemoteDelivery {
  let key: EventKey<Payload>
  let payload: Payload

  @MainActor
  func deliver(to core: NodeCore) {
    _ = core.dispatch(keyID: key.id, key: key.name, bubbles: key.bubbles, payload: payload)
  }
}

/// A `Sendable` closure as a job.
struct ClosureJob: RemoteJob {
  let body: @MainActor @Sendable () -> Void

  @MainActor
  func run() { body() }
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

  /// NB: posts are not `Sendable`; they go in and out only through the lock's `sending` doors.
  private let pending = Locked<[RemotePost]>([])
  let dropped = Atomic<Int>(0)
  /// The background lanes running calls now, which ``RemoteNode/settle()`` waits for: a lane
  /// lists itself when it starts and unlists itself when it goes idle.
  let busyLanes = Locked<[ObjectIdentifier: any BusyLane]>([:])

  /// Appends `post`, from any thread, without waiting for the main actor.
  ///
  /// `post` is `sending`: the caller keeps no access to it (or to its payload), so the drain on
  /// the main actor is its only user.
  func enqueue(_ post: sending RemotePost) {
    let wasEmpty = pending.withLock(sending: post) { queue, post in
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
    let batch = pending.exchange(with: [])
    for post in batch {
      switch post.work {
      case .barrier(let barrier):
        // The next-turn calls queued by the posts before the marker run before it is released,
        // and then the background calls queued so far return.
        ChainRuntime.main.nextTurn.afterPendingCalls {
          barrier.release(afterQueuedCallsOf: self.busyLanes.withLock { Array($0.values) })
        }
      case .job(let job):
        job.run()
      case .post(let target, let delivery):
        guard let core = target.core else {
          target.dropped.add(1, ordering: .relaxed)
          dropped.add(1, ordering: .relaxed)
          continue
        }
        delivery.deliver(to: core)
      }
    }
  }
}
