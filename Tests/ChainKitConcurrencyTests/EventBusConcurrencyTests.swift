import Foundation
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
    let threads = (0..<8).map { thread in
      Thread {
        for sequence in 0..<perThread { bus.enqueue(Tagged(thread: thread, sequence: sequence)) }
      }
    }
    for thread in threads { thread.start() }
    // Poll with a deadline: the drain runs on the main actor whenever this test yields.
    let deadline = ContinuousClock.now + .seconds(60)
    while collector.count < 8 * perThread, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(collector.count == 8 * perThread)
    for thread in 0..<8 {
      #expect(collector.received[thread] == Array(0..<perThread))
    }
  }
}
