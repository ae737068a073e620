import ChainKitTestSupport
import Testing

@testable import ChainKit

/// A stream has one consumer: a second one that waits beside it is a programming error, stated
/// at once with a trap (as `AsyncStream` does), never by ending the first consumer's stream.
@Suite("A stream's one consumer")
struct StreamConsumerTests {
  @Test("rule 39: a second consumer's next() while the first waits traps, saying why")
  func secondWaitingConsumerTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await StreamConsumerTests.secondConsumerWaitsBesideTheFirst()
    }
    StorageInvariantTests.expectMessage(
      "ChainStream: next() called by a second consumer while another one waits", in: result)
  }

  /// Parks one consumer on a live stream, then asks for the next element with a second
  /// iterator: a process that returns from here (no trap) fails the exit test.
  @MainActor
  static func secondConsumerWaitsBesideTheFirst() async {
    let node = Node("node")
    let stream = node.events(for: EventKey<Int>("count"))
    let first = Task.detached { for await _ in stream {} }
    let parked = await turnsUntil { stream.channel.state.withLock { $0.waiter != nil } }
    guard parked else { return }
    var second = stream.makeAsyncIterator()
    _ = await second.next()
    withExtendedLifetime((node, first)) {}
  }
}
