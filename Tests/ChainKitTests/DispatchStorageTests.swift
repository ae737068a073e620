import ChainKitTestSupport
import Testing

@testable import ChainKit

/// The unretained dispatch storage (registration lists, cached paths, capture masks) keeps the
/// contract's snapshot, removal and phase rules when listeners change things mid-dispatch.
@Suite("Dispatch storage under change (rules 9-10, 21)", .leakChecked)
@MainActor
struct DispatchStorageTests {
  @Test("rule 10: listeners added past the list's capacity mid-dispatch run from the next event")
  func listenersAddedPastCapacityRunNextTime() {
    let node = Node("node")
    let log = Log()
    node.on(Keys.ping) { [unowned node] _, value in
      log.add("first \(value)")
      guard value == 1 else { return }
      for index in 0..<9 { node.on(Keys.ping) { _, value in log.add("added\(index) \(value)") } }
    }
    node.post(Keys.ping, 1)
    log.add("--")
    node.post(Keys.ping, 2)
    #expect(log.entries == ["first 1", "--", "first 2"] + (0..<9).map { "added\($0) 2" })
  }

  @Test("rule 9: a capture listener added to an ancestor after a post captures the next one")
  func captureListenerAddedAfterAPostCaptures() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { _, value in log.add("leaf \(value)") }
    nodes[1].post(Keys.ping, 1)
    nodes[0].on(Keys.ping, capture: true) { _, value in log.add("root capture \(value)") }
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "root capture 2", "leaf 2"])
  }

  @Test("rule 21: a token whose registration was compacted away is inactive and cancels harmlessly")
  func tokenOutlivingItsRegistrationIsInactive() {
    let node = Node("node")
    let log = Log()
    let token = node.once(Keys.ping) { _, value in log.add("once \(value)") }
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 2)
    token.cancel()
    #expect(log.entries == ["once 1"])
    #expect(!token.isActive)
  }

  @Test("rule 10: a listener that releases the rest of the path mid-dispatch ends cleanly")
  func releasingTheRemainingPathMidDispatchIsSafe() throws {
    var nodes: [Node] = try chain("root", "middle")
    let leaf = Node("leaf")
    try leaf.mount(at: nodes[1])
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    leaf.on(Keys.ping) { _, value in
      log.add("leaf \(value)")
      nodes = []
    }
    leaf.post(Keys.ping, 1)
    leaf.post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "leaf 2"])
    #expect(leaf.pathNames == ["leaf"])
  }
}
