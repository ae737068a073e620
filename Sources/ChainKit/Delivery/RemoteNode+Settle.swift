extension RemoteNode {
  /// Waits, without blocking any thread, until everything sent to the main actor before this call
  /// has been delivered, including what it handed to next-turn and background listeners.
  ///
  /// A static: there is one queue into the main actor per process, whichever handle or bus is
  /// used. `settle` waits for, in this order:
  ///
  /// 1. every ``post(_:_:)-(EventKey<Payload>,_)`` and ``request(_:_:)`` through any
  ///    ``RemoteNode``, and every ``EventBus/enqueue(_:)``, made by any thread or task before the
  ///    call: `settle` queues a marker at the end of the one queue, and when the main actor reaches
  ///    it, every event before it has been dispatched (its immediate listeners have run; a request
  ///    has walked its path, though an async responder's answer may still be under way);
  /// 2. every next-turn call (`on(key, delivery: .nextTurn)`) queued by then;
  /// 3. every background call (`on(key, delivery: .background)`) queued by then, on every lane:
  ///    `settle` returns after each of them has returned, so the last line a background listener
  ///    prints is printed before a program that settles exits.
  ///
  /// Posts made after the call, and events that listeners post remotely while the queue drains,
  /// are not waited for. Called from inside a background listener, `settle` waits for steps 1
  /// and 2 only: that listener's own lane (or a lane settling in turn) goes on only once the call
  /// returns.
  ///
  /// ```swift
  /// let remote = list.remote
  /// Task.detached {
  ///   remote.post(.rowsLoaded, rows)
  ///   await RemoteNode.settle()
  ///   print("settled")  // after every listener of .rowsLoaded has run
  /// }
  /// ```
  ///
  /// The waiting task is suspended, not blocked: the main actor may itself call `settle` (its
  /// drain job runs while it waits). If the waiting task is cancelled, `settle` returns at once
  /// without waiting; check `Task.isCancelled` to tell.
  public static func settle() async {
    await SettleBarrier.settle()
  }

  /// Waits until everything sent to the main actor before this call has been delivered.
  ///
  /// The queue is the process's, not this handle's: use the static ``RemoteNode/settle()``.
  @available(*, deprecated, renamed: "RemoteNode.settle()")
  public func settle() async {
    await SettleBarrier.settle()
  }
}

extension EventBus {
  /// Waits until everything sent to the main actor before this call has been delivered.
  ///
  /// Buses and remote nodes share one queue into the main actor: use the static
  /// ``RemoteNode/settle()``, which waits for the same things.
  @available(*, deprecated, renamed: "RemoteNode.settle()")
  nonisolated public func settle() async {
    await SettleBarrier.settle()
  }
}
