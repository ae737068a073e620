extension EventBus {
  /// Publishes `event` from any thread: it is queued, and published on the main actor soon,
  /// without blocking the caller.
  ///
  /// Events from one thread are published in the order that thread enqueued them; none is lost
  /// or published twice. They go through the same queue as ``RemoteNode`` posts, so a thread's
  /// posts and publishes also keep their relative order. Subscribers still run on the main
  /// actor, in subscription order.
  ///
  /// - Parameter event: The event; it crosses threads, so it must be `Sendable`.
  nonisolated public func enqueue<Event: Sendable>(_ event: Event) {
    RemotePostQueue.shared.enqueue(RemotePost { [self] in self.publish(event) })
  }
}
