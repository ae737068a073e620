import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// A bounded stream's drops reach exactly the tracers on its node's path: the producer's inline
/// check that no tracer is there trusts the node's cached path only while it is current.
@Suite("Stream drops are traced where a tracer is on the path", .leakChecked)
@MainActor
struct StreamDropReportTests {
  /// A tracer that keeps the drops it receives.
  final class Drops: Tracer {
    var seen: [Int] = []
    func receive(_ record: TraceRecord) {
      if case .streamDrop(let drop) = record { seen.append(drop.dropped) }
    }
  }

  @Test("a tracer installed above the stream's node hears the next drop, posted from below it")
  func tracerInstalledAboveHearsTheNextDrop() throws {
    let (root, middle, leaf) = (Node("root"), Node("middle"), Node("leaf"))
    try middle.mount(at: root)
    try leaf.mount(at: middle)
    let elsewhere = Drops()
    let unrelated = Node("unrelated")
    let elsewhereToken = unrelated.install(elsewhere)
    let stream = middle.events(for: Keys.ping, bufferingPolicy: .bufferingNewest(1))
    // NB: posted at the leaf, so the dispatch brings the leaf's path up to date, not the
    // middle's: the drop's check reads a path that the install below has made stale.
    for value in 1...3 { leaf.post(Keys.ping, value) }
    let above = Drops()
    let aboveToken = root.install(above)
    leaf.post(Keys.ping, 4)
    #expect(above.seen == [3])
    aboveToken.cancel()
    leaf.post(Keys.ping, 5)
    #expect(above.seen == [3])
    #expect(elsewhere.seen.isEmpty)
    #expect(stream.droppedCount == 4)
    elsewhereToken.cancel()
  }

  @Test("a stream's node mounted under a traced node reports its next drop there")
  func mountUnderATracedNodeReportsTheNextDrop() throws {
    let (root, node, leaf) = (Node("root"), Node("node"), Node("leaf"))
    try leaf.mount(at: node)
    let traced = Drops()
    let token = root.install(traced)
    let stream = node.events(for: Keys.ping, bufferingPolicy: .bufferingOldest(1))
    for value in 1...2 { leaf.post(Keys.ping, value) }
    try node.mount(at: root)
    leaf.post(Keys.ping, 3)
    #expect(traced.seen == [2])
    #expect(stream.droppedCount == 2)
    token.cancel()
  }
}
