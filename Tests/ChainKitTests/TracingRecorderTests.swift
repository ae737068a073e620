import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// `index:outcome` for each listener of `node`'s hop in `phase`.
@MainActor
private func outcomes(_ record: DispatchRecord?, _ node: String, _ phase: Phase) -> [String] {
  let hop = record?.hops.first { $0.node == node && $0.phase == phase }
  return (hop?.listeners ?? []).map { "\($0.index):\($0.outcome.rawValue)" }
}

/// The recorder as the probe drives it: hops past the packed word of listener outcomes, and the
/// hops' buffer shared between a record and the recorder's next dispatch.
@Suite("The trace recorder", .leakChecked)
@MainActor
struct TracingRecorderTests {
  @Test("a hop with more listeners than the packed word holds records every one of them")
  func listenersPastThePackedWord() throws {
    let nodes = try chain("root", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    let count = PackedListenerOutcomes.limit + 2
    var last: Subscription?
    nodes[1].on(Keys.ping) { _, _ in last?.cancel() }
    for _ in 2..<count { nodes[1].on(Keys.ping) { _, _ in } }
    last = nodes[1].on(Keys.ping) { _, _ in }
    nodes[1].post(Keys.ping, 1)
    let expected = (1..<count).map { "\($0):ran" } + ["\(count):removed"]
    #expect(outcomes(log.dispatches.last, "leaf", .target) == expected)
  }

  @Test("a hop where no listener ran is kept when one past the packed word was removed")
  func removedPastThePackedWordKeepsTheHop() throws {
    let nodes = try chain("root", "mid", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    // The packed word's slots all hold capture listeners, of the other phase on the way up: only
    // the two listeners past the word, removed before their turn, make the bubble hop worth keeping.
    let captures = PackedListenerOutcomes.limit
    var tokens: [Subscription] = []
    for _ in 0..<captures { tokens.append(nodes[1].on(Keys.ping, capture: true) { _, _ in }) }
    let late = [nodes[1].on(Keys.ping) { _, _ in }, nodes[1].on(Keys.ping) { _, _ in }]
    nodes[2].on(Keys.ping) { _, _ in for token in late { token.cancel() } }
    nodes[2].post(Keys.ping, 1)
    let hop = log.dispatches.last?.hops.first { $0.node == "mid" && $0.phase == .bubble }
    #expect(hop?.passed == false)
    #expect(hop?.listenersRun == 0)
    #expect(
      outcomes(log.dispatches.last, "mid", .bubble)
        == (1...captures).map { "\($0):otherPhase" } + [
          "\(captures + 1):removed", "\(captures + 2):removed",
        ])
    for token in tokens { token.cancel() }
  }

  @Test("a recorder free again holds nothing of its dispatch: no box, path or nodes")
  func freeRecordersHoldNoPath() throws {
    let nodes = try chain("root", "mid", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    for node in nodes { node.on(Keys.ping) { _, _ in } }
    nodes[2].post(Keys.ping, 1)
    #expect(log.dispatches.last?.path == ["leaf", "mid", "root"])
    var free = nodes[0].core.runtime.recorders
    var count = 0
    while let probe = free, count < 100 {
      #expect(!probe.isInUse, "a recorder still in use after its dispatch")
      #expect(probe.isClear, "a free recorder still holds its last dispatch")
      free = probe.nextRecorder
      count += 1
    }
    #expect(count > 0, "no recorder was listed")
  }

  @Test(
    "a free recorder records the next dispatch along any traced path, with its own key, ids, kind, nodes and tracers"
  )
  func freeRecorderRecordsAnyPath() throws {
    let first = try chain("a-root", "a-leaf")
    let second = try chain("b-root", "b-mid", "b-leaf")
    let firstLog = TraceLog()
    let secondLog = TraceLog()
    first[0].install(firstLog)
    second[0].install(secondLog)
    first[1].on(Keys.ping) { _, value in
      // Nested: another recorder records this one while the outer dispatch holds its own.
      if value == 1 { second[2].post(Keys.focus, 7) }
    }
    for node in second { node.on(Keys.ping) { _, _ in } }
    second[0].respond(to: Keys.lookup) { _, text in text.count }
    first[1].post(Keys.ping, 0)
    second[2].post(Keys.ping, 0)
    _ = second[1].request(Keys.lookup, "four")
    first[1].post(Keys.ping, 1)
    second[2].post(Keys.ping, 2)
    let firstSeen = firstLog.dispatches.map { "\($0.kind):\($0.key):\($0.path)" }
    #expect(
      firstSeen == ["event:ping:[\"a-leaf\", \"a-root\"]", "event:ping:[\"a-leaf\", \"a-root\"]"])
    let secondSeen = secondLog.dispatches.map { "\($0.kind):\($0.key):\($0.path.count)" }
    #expect(secondSeen == ["event:ping:3", "request:lookup:2", "event:focus:3", "event:ping:3"])
    let ids = (firstLog.dispatches + secondLog.dispatches).map(\.id)
    #expect(Set(ids).count == ids.count, "two records with one id: \(ids)")
    let nested = secondLog.dispatches.first { $0.key == "focus" }
    let outer = firstLog.dispatches.last
    #expect(nested?.parent != nil && nested?.parent == outer?.id)
    #expect(outer?.parent == nil)
    #expect(secondLog.dispatches.last?.parent == nil)
  }

  @Test("records a tracer keeps keep their own hops while later dispatches are recorded")
  func keptRecordsKeepTheirHops() throws {
    let nodes = try chain("root", "mid", "leaf")
    let log = TraceLog()
    nodes[0].install(log)
    nodes[0].on(Keys.ping) { _, _ in }
    nodes[1].on(Keys.ping) { ctx, value in if value.isMultiple(of: 2) { ctx.stopPropagation() } }
    nodes[2].on(Keys.ping) { _, _ in }
    for value in 0..<6 { nodes[2].post(Keys.ping, value) }
    let shapes = log.dispatches.map { record in
      record.hops.map { "\($0.node):\($0.passed ? "passed" : "\($0.listenersRun)")" }
    }
    // Stopped at mid, the walk never reached root's bubble visit: root keeps its capture one.
    let stopped = ["root:passed", "leaf:1", "mid:1"]
    let through = ["leaf:1", "mid:1", "root:1"]
    #expect(shapes == [stopped, through, stopped, through, stopped, through])
  }
}
