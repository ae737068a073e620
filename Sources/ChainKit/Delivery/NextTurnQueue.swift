/// A runtime's queue of next-turn listener calls.
///
/// The first call queued schedules one main-actor job, which takes every call queued so far and
/// runs them in order. Calls queued while that job runs (a next-turn listener that posts) wait
/// for a later job, so a chain of next-turn listeners cannot starve other main-actor work.
///
/// The runtime holds it (``ChainRuntime/nextTurn``).
@MainActor
final class NextTurnQueue {
  private struct Call {
    /// The listener's token; nil for a settle marker, which always runs.
    let registration: Ticket?
    let run: @MainActor () -> Void
  }

  private var pending: [Call] = []
  private var scheduled = false
  /// How many drains have run, so tests can tell one drain from the next.
  private(set) var drainCount = 0

  /// Queues a call; `runtime` is the one that holds this queue, whose door each call enters.
  func enqueue(
    _ registration: Ticket, in runtime: ChainRuntime, _ run: @escaping @MainActor () -> Void
  ) {
    pending.append(Call(registration: registration, run: run))
    guard !scheduled else { return }
    scheduled = true
    Task { @MainActor in self.drain(in: runtime) }
  }

  /// Runs every call queued so far, each through the door of `runtime`, the one that holds this
  /// queue.
  func drain(in runtime: ChainRuntime) {
    drainCount += 1
    let batch = pending
    pending = []
    scheduled = false
    // Each call is a top-level operation: through the guard, so what it starts nests in it and
    // what it leaves behind is settled when it returns (rule 14).
    for call in batch where call.registration?.isActive ?? true {
      _ = runtime.enter()
      call.run()
      runtime.leave()
    }
  }

  /// Runs `body` after every call queued so far: now if none is queued, else at the end of
  /// the queue (for ``RemoteNode/settle()``).
  func afterPendingCalls(_ body: @escaping @MainActor () -> Void) {
    guard !pending.isEmpty else { return body() }
    pending.append(Call(registration: nil, run: body))
  }

  /// Whether no call is queued.
  var isEmpty: Bool { pending.isEmpty }
}
