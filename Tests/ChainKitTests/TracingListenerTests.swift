import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// `index:outcome`, `c` after the index for a capture listener.
private func outcomes(_ hop: HopRecord?) -> [String] {
  (hop?.listeners ?? []).map { "\($0.index)\($0.capture ? "c" : ""):\($0.outcome.rawValue)" }
}

@MainActor
private func hop(_ record: DispatchRecord?, _ node: String, _ phase: Phase) -> HopRecord? {
  record?.hops.first { $0.node == node && $0.phase == phase }
}

@Suite("Trace records: what became of each listener", .leakChecked)
@MainActor
struct TracingListenerTests {
  @Test("an immediate stop is recorded on the listener that made it and the ones it skipped")
  func immediateStopSkipsTheRest() throws {
    let nodes = try chain("root", "mid", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    nodes[1].on(Keys.ping) { _, _ in }
    nodes[1].on(Keys.ping) { ctx, _ in ctx.stopImmediatePropagation() }
    nodes[1].on(Keys.ping) { _, _ in }
    nodes[2].post(Keys.ping, 1)
    #expect(
      outcomes(hop(log.dispatches.last, "mid", .bubble))
        == ["1:ran", "2:stoppedImmediately", "3:skippedAfterStop"])
  }

  @Test("a bubble listener seen on the capture visit is recorded as of the other phase")
  func otherPhaseIsRecorded() throws {
    let nodes = try chain("root", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    nodes[0].on(Keys.ping) { _, _ in }
    nodes[0].on(Keys.ping, capture: true) { _, _ in }
    nodes[1].post(Keys.ping, 1)
    #expect(outcomes(hop(log.dispatches.last, "root", .capture)) == ["1:otherPhase", "2c:ran"])
    #expect(outcomes(hop(log.dispatches.last, "root", .bubble)) == ["1:ran", "2c:otherPhase"])
  }

  @Test("a listener removed by an earlier one during the dispatch is recorded as removed")
  func removalDuringDispatchIsRecorded() throws {
    let nodes = try chain("root", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    var second: Subscription?
    nodes[1].on(Keys.ping) { _, _ in second?.cancel() }
    second = nodes[1].on(Keys.ping) { _, _ in }
    nodes[1].post(Keys.ping, 1)
    #expect(outcomes(hop(log.dispatches.last, "leaf", .target)) == ["1:ran", "2:removed"])
  }

  @Test("responders are recorded as declined, answered, or skipped after the answer")
  func respondersAreRecorded() throws {
    let nodes = try chain("root", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    nodes[1].respond(to: Keys.lookup) { _, _ in nil }
    nodes[1].respond(to: Keys.lookup) { _, name in name.count }
    nodes[1].respond(to: Keys.lookup) { _, _ in 0 }
    #expect(nodes[1].request(Keys.lookup, "ab") == 2)
    #expect(
      outcomes(hop(log.dispatches.last, "leaf", .target))
        == ["1:declined", "2:answered", "3:skippedAfterAnswer"])
  }

  @Test("listener outcomes survive a JSON round trip, and hops without them encode none")
  func listenerOutcomesRoundTrip() throws {
    let hop = HopRecord(
      node: "n", phase: .bubble, listenersRun: 1,
      listeners: [
        ListenerRecord(index: 1, outcome: .ran), ListenerRecord(index: 2, outcome: .removed),
      ])
    let decoded = try JSONDecoder().decode(HopRecord.self, from: JSONEncoder().encode(hop))
    #expect(decoded == hop)
    let bare = String(
      decoding: try JSONEncoder().encode(HopRecord(node: "n", phase: .target)), as: UTF8.self)
    #expect(!bare.contains("\"listeners\""))
  }
}
