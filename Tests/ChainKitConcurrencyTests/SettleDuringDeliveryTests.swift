import Foundation
import Synchronization
import Testing

@testable import ChainKit

extension EventKey where Payload == Int {
  fileprivate static let slow = EventKey("settleDuringDelivery.slow")
}

@MainActor
@Suite("Settling while a delivery runs")
struct SettleDuringDeliveryTests {
  /// `settle` waits for a delivery the main actor is in the middle of.
  ///
  /// Everything posted before `settle` includes it: the queue it was taken from is empty then,
  /// but the listener has not returned. The listener keeps running for a while after `settle` is called, so a `settle`
  /// that returned early (because the queue looked empty) returns while it still runs.
  @Test("settle called while a listener of an earlier post runs returns after that listener")
  func settleWaitsForTheDeliveryUnderWay() async {
    let node = Node("list")
    let running = Atomic<Bool>(false)
    let settleCalled = Atomic<Bool>(false)
    let settleReturned = Atomic<Bool>(false)
    let finished = Atomic<Bool>(false)
    var sawSettleCalled = true
    node.on(.slow) { _, _ in
      running.store(true, ordering: .releasing)
      sawSettleCalled = spin { settleCalled.load(ordering: .acquiring) }
      // Time for a settle that does not wait to return; a correct one cannot meanwhile.
      _ = spin(tries: 2_000) { settleReturned.load(ordering: .acquiring) }
      finished.store(true, ordering: .releasing)
    }
    let remote = node.remote
    let (started, finishedWhenSettled) = await Task.detached {
      remote.post(.slow, 1)
      let started = await turns { running.load(ordering: .acquiring) }
      settleCalled.store(true, ordering: .releasing)
      await RemoteNode.settle()
      settleReturned.store(true, ordering: .releasing)
      return (started, finished.load(ordering: .acquiring))
    }.value
    #expect(started, "the listener never started")
    #expect(sawSettleCalled, "the listener never saw settle called")
    #expect(finishedWhenSettled, "settle returned while the listener of a post before it still ran")
  }
}
