import Foundation
@testable import ChainKit

/// Returns once the main actor has run everything queued through the remote-post queue before
/// this call (a stream's ended registration among it).
///
/// NB: a job of the queue's own, not `RemoteNode`'s waiting API, so these tests depend on nothing
/// but the queue's order.
@MainActor
func queueReached() async {
  await withCheckedContinuation { (reached: CheckedContinuation<Void, Never>) in
    RemotePostQueue.shared.enqueue(RemotePost { reached.resume() })
  }
}

/// Keeps the calling thread, without suspending, until `done` holds or the tries run out;
/// returns whether it held.
///
/// NB: called on the main actor to keep it busy, so anything that finishes meanwhile finished
/// without the main actor. Each try gives the processor away for a moment: the task being
/// waited for needs a thread of the shared pool, which other suites' tests may hold for a long
/// time on a loaded machine, so a bound of tries that merely spin could run out before it ever
/// starts. The bound counts tries, not seconds.
func spin(tries: Int = 2_000_000, until done: () -> Bool) -> Bool {
  for _ in 0..<tries {
    if done() { return true }
    usleep(100)
  }
  return done()
}

/// Waits in a task until `done` holds or the tries run out; returns whether it held.
///
/// NB: each try yields first, so the waiting task holds no thread of the shared pool that
/// another test's task needs while the main actor, which this task waits for, is held elsewhere.
func turns(until done: () -> Bool) async -> Bool {
  for _ in 0..<2_000_000 {
    if done() { return true }
    await Task.yield()
    usleep(100)
  }
  return done()
}

/// Waits until the task is cancelled, then throws `CancellationError`; returns, so that the
/// test fails on what it expected of the cancellation, if none came within `tries` short sleeps.
///
/// NB: a count of tries, not a deadline: a cancellation ends the current sleep at once, and a
/// cancellation that never comes costs the run a bounded wait instead of hanging it.
func untilCancelled(tries: Int = 100_000) async throws {
  for _ in 0..<tries { try await Task.sleep(for: .milliseconds(1)) }
}
