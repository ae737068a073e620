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
