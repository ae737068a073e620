import ChainKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChainKit

extension EventKey where Payload == Int {
  fileprivate static let tick = EventKey("tick")
  fileprivate static let probe = EventKey("probe")
}

/// Returns once every next-turn call queued before it has run.
@MainActor
private func nextTurnDrained() async {
  let probe = Node("probe")
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    probe.on(.probe, delivery: .nextTurn) { _ in continuation.resume() }
    probe.post(.probe, 0)
  }
}

@MainActor
@Suite("Delivery modes")
struct DeliveryModeTests {
  @Test("rule 25: next-turn listeners run after the post returns, in order")
  func nextTurnRunsAfterThePostInOrder() async {
    let root = Node("root")
    var log: [String] = []
    root.on(.tick) { _, value in log.append("now:\(value)") }
    root.on(.tick, delivery: .nextTurn) { event in
      log.append("later:\(event.payload)@\(event.nodeName)/\(event.phase.rawValue)")
    }
    root.post(.tick, 1)
    root.post(.tick, 2)
    log.append("posts returned")
    await nextTurnDrained()
    #expect(
      log == ["now:1", "now:2", "posts returned", "later:1@root/target", "later:2@root/target"])
  }

  @Test("rule 25: a next-turn call queued while the queue drains runs in a later drain")
  func nextTurnCallsQueuedWhileDrainingRunLater() async {
    let node = Node("node")
    var drains: [Int] = []
    node.on(.tick, delivery: .nextTurn) { event in
      drains.append(ChainRuntime.main.nextTurn.drainCount)
      if event.payload == 1 { node.post(.tick, 2) }
    }
    node.post(.tick, 1)
    await nextTurnDrained()
    await nextTurnDrained()
    #expect(drains.count == 2)
    #expect(drains.last == drains.first.map { $0 + 1 })
  }

  @Test("rule 25: cancelling a next-turn listener's token stops its pending call")
  func cancelStopsPendingNextTurnCall() async {
    let node = Node("node")
    var log: [Int] = []
    let token = node.on(.tick, delivery: .nextTurn) { event in log.append(event.payload) }
    node.post(.tick, 1)
    token.cancel()
    await nextTurnDrained()
    #expect(log == [])
    #expect(node.registrationCount == 0)
  }

  @Test("rule 25: background listeners run off the main actor, in order")
  func backgroundRunsOffMainInOrder() async {
    let node = Node("node")
    let (calls, sink) = AsyncStream.makeStream(of: (value: Int, onMain: Bool).self)
    let token = node.on(.tick, delivery: .background) { event in
      sink.yield((event.payload, Thread.isMainThread))
    }
    for value in 0..<1_000 { node.post(.tick, value) }
    let taken = await take(1_000, from: calls)
    token.cancel()
    #expect(taken.map(\.value) == Array(0..<1_000))
    #expect(taken.filter(\.onMain).isEmpty)
  }

  @Test("rule 25: a background listener's event carries the target, node, phase and dispatch id")
  func backgroundEventCarriesItsContext() async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let (events, sink) = AsyncStream.makeStream(of: String.self)
    let token = root.on(.tick, delivery: .background) { event in
      sink.yield(
        "\(event.key) \(event.payload) \(event.targetName)->\(event.nodeName) \(event.phase)")
    }
    leaf.post(.tick, 7)
    let first = await take(1, from: events).first
    token.cancel()
    #expect(first == "tick 7 leaf->root bubble")
  }

  @Test("rule 25: cancelling a background lane stops the calls not yet started")
  func cancelStopsPendingBackgroundCalls() async {
    let (gate, opener) = AsyncStream.makeStream(of: Void.self)
    let (log, sink) = AsyncStream.makeStream(of: String.self)
    let lane = BackgroundLane<Int> { event in
      sink.yield("start:\(event.payload)")
      var waiting = gate.makeAsyncIterator()
      _ = await waiting.next()
      sink.yield("end:\(event.payload)")
    }
    let node = Node("node")
    node.on(.tick) { ctx, value in lane.enqueue(DeliveredEvent(ctx, payload: value)) }
    node.post(.tick, 1)
    node.post(.tick, 2)
    let started = await take(1, from: log).first
    lane.cancel()
    opener.yield()
    let ended = await take(1, from: log).first
    // The lane ends on a thread of the shared pool: turnsUntil gives it time on a loaded machine.
    #expect(await turnsUntil { !lane.isRunning }, "the cancelled lane never stopped running")
    sink.finish()
    let rest = await takeToEnd(of: log)
    #expect([started, ended] == ["start:1", "end:1"])
    #expect(rest == [])
    #expect(!lane.isRunning)
  }
}
