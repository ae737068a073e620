@testable import ChainKit

/// Yields the main actor until `condition` holds, at most a million turns (bounded by turns, not
/// by seconds); returns whether it held.
@MainActor
func turnsUntil(_ condition: @MainActor () -> Bool) async -> Bool {
  var turns = 0
  while !condition() {
    guard turns < 1_000_000 else { return false }
    turns += 1
    await Task.yield()
  }
  return true
}

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
