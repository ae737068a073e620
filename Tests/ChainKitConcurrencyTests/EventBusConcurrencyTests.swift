import ChainKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChainKit

@Suite("EventBus: publishing from many threads")
struct EventBusConcurrencyTests {
  struct Tagged: Sendable {
    var thread: Int
    var sequence: Int
  }

  @MainActor
  final class Collector {
    var received: [[Int]] = Array(repeating: [], count: 8)
    var count = 0
  }

  @Test(
    "rule 33 (rule 24): 8 threads publishing concurrently lose nothing and keep each thread's order"
  )
  @MainActor
  func eightThreadsLoseNothing() async throws {
    let bus = EventBus(name: "threads")
    let collector = Collector()
    bus.subscribe(Tagged.self, owner: collector) { collector, event in
      collector.received[event.thread].append(event.sequence)
      collector.count += 1
    }
    let perThread = 2_000
    let finished = Atomic<Int>(0)
    let (allEnqueued, lastThreadDone) = AsyncStream<Void>.makeStream()
    let threads = (0..<8).map { thread in
      Thread {
        for sequence in 0..<perThread { bus.enqueue(Tagged(thread: thread, sequence: sequence)) }
        if finished.add(1, ordering: .acquiringAndReleasing).newValue == 8 {
          lastThreadDone.finish()
        }
      }
    }
    for thread in threads { thread.start() }
    // No clock: wait until every thread has enqueued everything, then until the queue has
    // delivered everything enqueued before the barrier. A lost event is a wrong count, not a wait.
    // NB: a wider bound than an element's: no element comes while the threads enqueue.
    _ = await takeToEnd(of: allEnqueued, turns: 10 * elementWaitTurns)
    await RemoteNode.settle()
    #expect(collector.count == 8 * perThread)
    for thread in 0..<8 {
      #expect(collector.received[thread] == Array(0..<perThread))
    }
  }
}
