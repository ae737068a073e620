import Foundation
import Synchronization
import Testing

@testable import ChainKit

/// Which thread posted, and its sequence number there.
private struct Stamp: Sendable, Equatable {
  let thread: Int
  let seq: Int
}

extension EventKey where Payload == Stamp {
  fileprivate static let stamped = EventKey("stamped")
}

extension EventKey where Payload == Int {
  fileprivate static let counted = EventKey("counted")
}

/// Starts `count` OS threads running `body(index)` and returns once all have finished.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  let finished = Atomic<Int>(0)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    for index in 0..<count {
      let thread = Thread {
        body(index)
        if finished.add(1, ordering: .acquiringAndReleasing).newValue == count { done.resume() }
      }
      thread.start()
    }
  }
}

@MainActor
@Suite("Posting from other threads")
struct RemotePostTests {
  @Test("rule 24: 8 threads posting 100,000 events each deliver 800,000 calls in per-thread order")
  func eightThreadsDeliverEveryEventInOrder() async throws {
    let threads = 8
    let perThread = 100_000
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var next = [Int](repeating: 0, count: threads)
    var calls = 0
    var outOfOrder = 0
    root.on(.stamped) { _, stamp in
      calls += 1
      if stamp.seq != next[stamp.thread] { outOfOrder += 1 }
      next[stamp.thread] = stamp.seq + 1
    }
    let remote = leaf.remote
    await onThreads(threads) { thread in
      for seq in 0..<perThread { remote.post(.stamped, Stamp(thread: thread, seq: seq)) }
    }
    await RemoteNode.settle()
    #expect(calls == threads * perThread)
    #expect(outOfOrder == 0)
    #expect(next == [Int](repeating: perThread, count: threads))
    #expect(remote.droppedCount == 0)
  }

  @Test("rule 24: a RemoteNode obtained on the main actor posts from a detached task")
  func remoteHandlePostsFromDetachedTask() async {
    let node = Node("panel")
    var log: [String] = []
    node.on(.counted) { ctx, value in log.append("\(ctx.targetName):\(value)") }
    node.on("named") { _, params in log.append("named:\(params["row", as: Int.self] ?? -1)") }
    let remote = node.remote
    await Task.detached {
      remote.post(.counted, 1)
      remote.post("named", ["row": 2])
      remote.post(.counted, 3)
    }.value
    await RemoteNode.settle()
    #expect(log == ["panel:1", "named:2", "panel:3"])
  }

  @Test("rule 24: a remote post to a released node is dropped and counted")
  func postToReleasedNodeIsDropped() async {
    var node: Node? = Node("gone")
    guard let remote = node?.remote else { return }
    node = nil
    await Task.detached { remote.post(.counted, 1) }.value
    await RemoteNode.settle()
    #expect(node == nil)
    #expect(remote.droppedCount == 1)
    #expect(RemoteNode.totalDroppedCount >= 1)
  }

  @Test("rule 24: posting from another thread returns while the main actor is busy")
  func postingDoesNotWaitForTheMainActor() async {
    let node = Node("busy")
    var received: [Int] = []
    node.on(.counted) { _, value in received.append(value) }
    let remote = node.remote
    let posted = Atomic<Int>(0)
    let thread = Thread {
      for value in 0..<1_000 {
        remote.post(.counted, value)
        posted.add(1, ordering: .releasing)
      }
    }
    thread.start()
    // NB: the main actor spins here without suspending, so a post that waited for the main
    // actor would never return; a bound on the spins turns that deadlock into a failure. It
    // counts work, not seconds, so a busy machine slows the spinner with the poster.
    var spins = 0
    while posted.load(ordering: .acquiring) < 1_000, spins < 2_000_000_000 { spins += 1 }
    #expect(posted.load(ordering: .acquiring) == 1_000)
    #expect(received.isEmpty)
    await RemoteNode.settle()
    #expect(received == Array(0..<1_000))
  }
}
