extension EventBus {
  /// Publishes `event` from any thread: it is queued, and published on the main actor soon,
  /// without blocking the caller.
  ///
  /// Events from one thread are published in the order that thread enqueued them; none is lost
  /// or published twice. They go through the same queue as ``RemoteNode`` posts, so a thread's
  /// posts and publishes also keep their relative order. Subscribers still run on the main
  /// actor, in subscription order.
  ///
  /// The event crosses threads, so it is `sending`: a `Sendable` value, or one the caller hands
  /// over and no longer touches.
  ///
  /// - Parameter event: The event, handed over to the main actor.
  nonisolated public func enqueue<Event>(_ event: sending Event) {
    RemotePostQueue.shared.enqueue(RemotePost(job: QueuedPublish(bus: self, event: event)))
  }
}

/// A publish queued by ``EventBus/enqueue(_:)``.
///
/// NB: a job value rather than a closure, which would be `Sendable` as a main-actor closure and
/// so could not capture an event that is not.
private struct QueuedPublish<Event>: RemoteJob {
  let bus: EventBus
  let event: Event

  @MainActor
  func run() { _ = bus.publish(event) }
}
