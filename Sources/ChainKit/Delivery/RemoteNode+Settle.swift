extension RemoteNode {
  /// Waits, without blocking any thread, until everything posted before this call has been
  /// delivered on the main actor.
  ///
  /// "Everything" is every ``post(_:_:)-(EventKey<Payload>,_)`` through any ``RemoteNode`` and
  /// every ``EventBus/enqueue(_:)``, by any thread or task, that happened before `settle` was
  /// called: there is one queue, and `settle` queues a marker at its end. When the main actor
  /// reaches the marker, every event before it has been dispatched (its immediate listeners have
  /// run) and then every next-turn call those dispatches queued has run; only then does `settle`
  /// return. Posts made after the call, background listeners' calls, and events that listeners
  /// post remotely while the queue drains are not waited for.
  ///
  /// ```swift
  /// let remote = list.remote
  /// Task.detached {
  ///   remote.post(.rowsLoaded, rows)
  ///   await remote.settle()
  ///   print("settled")  // after every listener of .rowsLoaded has run
  /// }
  /// ```
  ///
  /// The waiting task is suspended, not blocked: the main actor may itself call `settle` (its
  /// drain job runs while it waits). If the waiting task is cancelled, `settle` returns at once
  /// without waiting; check `Task.isCancelled` to tell.
  public func settle() async {
    await SettleBarrier.settle()
  }
}

extension EventBus {
  /// Waits, without blocking any thread, until every event enqueued before this call (by
  /// ``enqueue(_:)`` on any bus, or posted through any ``RemoteNode``, from any thread) has been
  /// published on the main actor.
  ///
  /// Buses and remote nodes share one queue, so this waits for the same things as
  /// ``RemoteNode/settle()``: the events before the call, their subscribers, and the next-turn
  /// calls they queued. If the waiting task is cancelled, `settle` returns at once.
  nonisolated public func settle() async {
    await SettleBarrier.settle()
  }
}
