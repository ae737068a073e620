import ChainKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChainKit

extension EventKey where Payload == Int {
  fileprivate static let settled = EventKey("settled")
}

/// What the main actor heard, per posting task.
@MainActor
private final class Heard {
  var counts: [Int]
  var nextTurn = 0
  init(tasks: Int) { counts = Array(repeating: 0, count: tasks) }
}

@MainActor
@Suite("Settling: waiting for remote posts without blocking")
struct SettleTests {
  @Test("rule 42: each task that posts and then settles sees all its posts delivered")
  func postsFromDetachedTasksAreDeliveredWhenSettleReturns() async {
    let tasks = 6
    let perTask = 500
    let node = Node("list")
    let heard = Heard(tasks: tasks)
    node.on(.settled) { _, value in heard.counts[value / perTask] += 1 }
    let remote = node.remote
    let seen = await withTaskGroup(of: Int.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for value in task * perTask..<(task + 1) * perTask { remote.post(.settled, value) }
          await RemoteNode.settle()
          return await MainActor.run { heard.counts[task] }
        }
      }
      var seen: [Int] = []
      for await count in group { seen.append(count) }
      return seen
    }
    #expect(seen == Array(repeating: perTask, count: tasks))
    #expect(heard.counts == Array(repeating: perTask, count: tasks))
  }

  @Test("rule 42: settle waits for events enqueued on a bus from detached tasks")
  func busSettleWaitsForEnqueuedEvents() async {
    let bus = EventBus(name: "settle")
    let heard = Heard(tasks: 1)
    let subscription = bus.subscribe(Int.self) { _ in heard.counts[0] += 1 }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for value in 0..<250 { bus.enqueue(value) }
        }
      }
    }
    await RemoteNode.settle()
    #expect(heard.counts == [1_000])
    subscription.cancel()
  }

  @Test("rule 42: settle also waits for the next-turn calls the settled posts queued")
  func settleWaitsForNextTurnCalls() async {
    let node = Node("deferred")
    let calls = Atomic<Int>(0)
    node.on(.settled, delivery: .nextTurn) { _ in calls.add(1, ordering: .releasing) }
    let remote = node.remote
    // Read off the main actor the moment settle returns, before the main actor runs anything
    // else: the next-turn calls must already have run.
    let seen = await Task.detached {
      for value in 0..<100 { remote.post(.settled, value) }
      await RemoteNode.settle()
      return calls.load(ordering: .acquiring)
    }.value
    #expect(seen == 100)
  }

  @Test("rule 42: settle also waits for the background calls the settled posts queued")
  func settleWaitsForBackgroundCalls() async {
    let node = Node("background")
    let calls = Atomic<Int>(0)
    let token = node.on(.settled, delivery: .background) { _ in
      // Gives the lane's thread away a few times, so a settle that did not wait for the lane
      // would return while calls are still under way.
      for _ in 0..<20 { await Task.yield() }
      calls.add(1, ordering: .releasing)
    }
    let remote = node.remote
    let seen = await Task.detached {
      for value in 0..<50 { remote.post(.settled, value) }
      await RemoteNode.settle()
      return calls.load(ordering: .acquiring)
    }.value
    #expect(seen == 50)
    token.cancel()
  }

  @Test("rule 42: settle returns when a background listener is cancelled while it waits")
  func settleReturnsWhenAWaitedLaneIsCancelled() async {
    let node = Node("cancelled lane")
    let entered = Atomic<Bool>(false)
    let release = Atomic<Bool>(false)
    let token = node.on(.settled, delivery: .background) { _ in
      entered.store(true, ordering: .releasing)
      // Bounded by tries: the test releases it after cancelling the listener.
      for _ in 0..<1_000_000 where !release.load(ordering: .acquiring) { await Task.yield() }
    }
    node.post(.settled, 1)
    node.post(.settled, 2)
    let returned = Atomic<Bool>(false)
    let settled = Task.detached {
      await RemoteNode.settle()
      returned.store(true, ordering: .releasing)
    }
    #expect(await turnsUntil { entered.load(ordering: .acquiring) }, "the listener never ran")
    // The second call is dropped by the cancellation; settle must not wait for it.
    token.cancel()
    release.store(true, ordering: .releasing)
    #expect(
      await turnsUntil { returned.load(ordering: .acquiring) },
      "settle kept waiting for a cancelled listener's dropped call")
    // Ends the wait if it did not end (cancelling a settle returns it at once).
    settled.cancel()
    await settled.value
  }

  @Test("rule 42: a background listener that settles does not wait for its own lane")
  func settleInsideABackgroundListenerReturns() async {
    let node = Node("settling listener")
    let settled = Atomic<Int>(0)
    let token = node.on(.settled, delivery: .background) { _ in
      await RemoteNode.settle()
      settled.add(1, ordering: .releasing)
    }
    node.post(.settled, 1)
    node.post(.settled, 2)
    #expect(
      await turnsUntil { settled.load(ordering: .acquiring) == 2 },
      "a settle inside a background listener waited for its own lane")
    token.cancel()
  }

  @Test("rule 42: settle with nothing posted returns, from the main actor and from a task")
  func settleWithNothingPendingReturns() async {
    await RemoteNode.settle()
    await Task.detached { await RemoteNode.settle() }.value
  }

  @Test("rule 42: a task cancelled before it settles returns without the main actor")
  func settleInACancelledTaskReturnsAtOnce() async {
    let returned = Atomic<Bool>(false)
    let task = Task.detached {
      withUnsafeCurrentTask { $0?.cancel() }
      await RemoteNode.settle()
      returned.store(true, ordering: .releasing)
    }
    // The main actor spins, so a settle that waited for it would never return.
    let done = spin { returned.load(ordering: .acquiring) }
    #expect(done, "settle in a cancelled task waited for the main actor")
    await task.value
  }

  @Test("rule 42: cancelling a task that waits in settle resumes it once and leaks nothing")
  func cancellingAWaitingSettleResumesItOnce() async {
    weak var watched: SettleBarrier?
    let returned = Atomic<Bool>(false)
    let task: Task<Void, Never>
    do {
      let barrier = SettleBarrier()
      watched = barrier
      task = Task.detached {
        await SettleBarrier.settle(barrier)
        returned.store(true, ordering: .releasing)
      }
      // The main actor spins, so the queue cannot be drained: the barrier waits in it.
      #expect(spin { barrier.isWaiting }, "the barrier never started waiting")
      task.cancel()
      #expect(spin { returned.load(ordering: .acquiring) }, "cancellation did not resume settle")
      #expect(barrier.isReleased)
    }
    await task.value
    // The drain reaches the released barrier (a second resume would trap), then drops it.
    await RemoteNode.settle()
    #expect(watched == nil, "the queue kept a cancelled barrier")
  }
}
