import ChainKitTestSupport
import Testing

@testable import ChainKit

@Suite("Edge cases: depth, teardown, mutation during dispatch, re-parenting", .leakChecked)
@MainActor
struct EdgeCaseTests {
  @Test("a tree 100,000 nodes deep posts and tears down without stack overflow")
  func deepTreePostsAndTearsDown() throws {
    let depth = 100_000
    var nodes: [Node] = []
    nodes.reserveCapacity(depth)
    for index in 0..<depth {
      let node = Node("n\(index)")
      if let parent = nodes.last { try node.mount(at: parent) }
      nodes.append(node)
    }
    var heard = 0
    nodes[0].on(Keys.ping) { _, _ in heard += 1 }
    nodes[depth / 2].on(Keys.ping, capture: true) { _, _ in heard += 1 }
    let outcome = nodes[depth - 1].post(Keys.ping, 1)
    #expect(outcome.listenersRun == 2 && heard == 2)
    #expect(nodes[depth - 1].pathNames.count == depth)
    // Mounting the root under the leaf is refused after a walk over the whole depth.
    let refused = (try? nodes[0].mount(at: nodes[depth - 1])) == nil
    #expect(refused)
    weak let weakLeaf = nodes[depth - 1]
    nodes.removeAll()
    // NB: compare to nil outside #expect: on failure it would reflect a 100,000-deep node.
    let leafIsGone = weakLeaf == nil
    #expect(leafIsGone)
  }

  @Test("a deep tree torn down from the leaf end also unwinds without recursion")
  func deepTreeTearsDownFromLeaves() throws {
    var nodes: [Node] = []
    for index in 0..<100_000 {
      let node = Node("n\(index)")
      if let parent = nodes.last { try node.mount(at: parent) }
      nodes.append(node)
    }
    weak let weakRoot = nodes.first
    while !nodes.isEmpty { nodes.removeLast() }
    let rootIsGone = weakRoot == nil
    #expect(rootIsGone)
  }

  @Test("a listener that mounts a node during dispatch affects only the next event")
  func listenerMountsDuringDispatch() throws {
    let nodes = try chain("root", "leaf")
    let extra = Node("extra")
    let log = Log()
    extra.on(Keys.ping) { _, value in log.add("extra \(value)") }
    nodes[1].on(Keys.ping) { [unowned leaf = nodes[1]] _, value in
      log.add("leaf \(value)")
      try leaf.mount(at: extra)
    }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "leaf 2", "extra 2"])
  }

  @Test("a listener that unmounts its own node during dispatch affects only the next event")
  func listenerUnmountsDuringDispatch() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    nodes[1].on(Keys.ping) { [unowned leaf = nodes[1]] _, value in
      log.add("leaf \(value)")
      leaf.unmountFromAll()
    }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "root 1", "leaf 2"])
  }

  @Test("a listener that subscribes at a node further up the path runs for this event")
  func subscribingAheadOnThePath() throws {
    // Snapshots are taken per node on arrival (rule 10): the root has not been reached yet.
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { [unowned root = nodes[0]] _, value in
      log.add("leaf \(value)")
      if value == 1 { root.on(Keys.ping) { _, value in log.add("root \(value)") } }
    }
    nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["leaf 1", "root 1"])
  }

  @Test("a listener that cancels another node's listener ahead on the path prevents its call")
  func cancellingAheadOnThePath() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    let rootToken = nodes[0].on(Keys.ping) { _, _ in log.add("root") }
    nodes[1].on(Keys.ping) { _, _ in
      log.add("leaf")
      rootToken.cancel()
    }
    nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["leaf"])
    #expect(nodes[0].registrationCount == 0)
  }

  @Test("a listener that releases a node ahead on the path: the node is skipped, nothing crashes")
  func releasingANodeAheadOnThePath() throws {
    let leaf = Node("leaf")
    var middle: Node? = Node("middle")
    let root = Node("root")
    try middle?.mount(at: root)
    if let middle { try leaf.mount(at: middle) }
    let log = Log()
    middle?.on(Keys.ping) { _, _ in log.add("middle") }
    root.on(Keys.ping) { _, _ in log.add("root") }
    leaf.on(Keys.ping) { _, _ in
      log.add("leaf")
      middle = nil
    }
    leaf.post(Keys.ping, 1)
    // The path was computed before the release, so the root still hears this event.
    #expect(log.entries == ["leaf", "root"])
    log.clear()
    leaf.post(Keys.ping, 2)
    #expect(log.entries == ["leaf"])
  }

  @Test("a re-parented node's next event follows the new path")
  func reparentedNodeFollowsNewPath() throws {
    let oldParent = Node("old")
    let newParent = Node("new")
    let node = Node("node")
    try node.mount(at: oldParent)
    let log = Log()
    oldParent.on(Keys.ping) { _, value in log.add("old \(value)") }
    newParent.on(Keys.ping) { _, value in log.add("new \(value)") }
    node.post(Keys.ping, 1)
    node.unmount(from: oldParent)
    try node.mount(at: newParent)
    node.post(Keys.ping, 2)
    #expect(log.entries == ["old 1", "new 2"])
    #expect(node.pathNames == ["node", "new"])
  }
}
