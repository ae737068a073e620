extension EventBus {
  /// Publishes `event` from any thread: it is queued, and published on the main actor soon,
  /// without blocking the caller.
  ///
  /// Events from one thread are published in the order that thread enqueued them; none is lost
  /// or published twice. Subscribers still run on the main actor, in subscription order.
  ///
  /// - Parameter event: The event; it crosses threads, so it must be `Sendable`.
  nonisolated public func enqueue<Event: Sendable>(_ event: Event) {
    let needsDrain = inbox.append { [self] in self.publish(event) }
    guard needsDrain else { return }
    Task { @MainActor in self.drainInbox() }
  }

  /// Publishes every queued event, oldest first, until the queue stays empty.
  func drainInbox() {
    while let jobs = inbox.takeAll() {
      for job in jobs { job() }
    }
  }
}
