import Testing

@testable import ChainKit

/// Each connected tree has its own topology clock: a mount or unmount in one tree leaves every
/// other tree's cached paths current without a look, and trees that join and split keep every
/// path exact.
@Suite("Topology versions per tree", .leakChecked)
@MainActor
struct TopologyClockTests {
  /// A chain `names[0] <- names[1] <- ...`, root first; returns the nodes.
  func chain(_ names: String...) throws -> [Node] {
    let nodes = names.map { Node($0) }
    for index in nodes.indices.dropFirst() { try nodes[index].mount(at: nodes[index - 1]) }
    return nodes
  }

  /// Whether `node`'s cached path is known current without checking its nodes.
  func isCurrent(_ node: Node) -> Bool { node.core.cachedVersion == node.core.clock.version }

  @Test("a mount and an unmount in another tree leave a tree's cached paths current")
  func mountElsewhereCostsNothing() throws {
    let tree = try chain("a0", "a1", "a2")
    let leaf = tree[2]
    var heard = 0
    tree[0].on(Keys.ping) { _, _ in heard += 1 }
    leaf.post(Keys.ping, 1)
    #expect(isCurrent(leaf))
    let other = try chain("b0", "b1")
    let stray = Node("stray")
    let runtime = ChainRuntime.main
    let (checks, recomputations) = (runtime.pathChecks, runtime.pathRecomputations)
    try stray.mount(at: other[1])
    stray.unmount(from: other[1])
    try stray.mount(at: other[0])
    #expect(isCurrent(leaf), "a mount in another tree made this tree's caches stale")
    leaf.post(Keys.ping, 2)
    #expect(runtime.pathChecks == checks && runtime.pathRecomputations == recomputations)
    #expect(heard == 2)
  }

  @Test("a mount into a tree leaves the paths of the nodes it does not move current")
  func mountIntoTreeSparesItsNodes() throws {
    let tree = try chain("a0", "a1", "a2")
    let leaf = tree[2]
    leaf.post(Keys.ping, 1)
    let subtree = try chain("b0", "b1")
    subtree[1].post(Keys.ping, 1)
    try subtree[0].mount(at: tree[1])
    #expect(isCurrent(leaf))
    #expect(!isCurrent(subtree[1]), "the mounted tree's caches must be checked")
    #expect(subtree[1].core.path.map(\.name) == ["b1", "b0", "a1", "a0"])
  }

  @Test("joined, split and joined elsewhere, every moved node's path follows")
  func joinSplitRejoin() throws {
    let a = try chain("a0", "a1")
    let b = try chain("b0", "b1", "b2")
    let c = try chain("c0")
    var heard: [String] = []
    for node in [a[0], b[0], c[0]] {
      let name = node.name
      node.on(Keys.ping) { _, _ in heard.append(name) }
    }
    func post() -> [String] {
      heard = []
      b[2].post(Keys.ping, 0)
      return heard
    }
    #expect(post() == ["b0"])
    try b[0].mount(at: a[1])
    #expect(post() == ["b0", "a0"])
    #expect(b[1].core.path.map(\.name) == ["b1", "b0", "a1", "a0"])
    // A change above the mount point after the join: the joined nodes see it.
    let top = Node("top")
    top.on(Keys.ping) { _, _ in heard.append("top") }
    try a[0].mount(at: top)
    #expect(post() == ["b0", "a0", "top"])
    b[0].unmount(from: a[1])
    #expect(post() == ["b0"])
    #expect(b[1].core.path.map(\.name) == ["b1", "b0"])
    try b[0].mount(at: c[0])
    #expect(post() == ["b0", "c0"])
    // The tree it left changes again: the moved nodes are not confused by it.
    a[0].unmount(from: top)
    try a[1].mount(at: c[0])
    #expect(post() == ["b0", "c0"])
    #expect(a[1].core.path.map(\.name) == ["a1", "a0", "c0"])
    // A second parent in the same tree (paths are depth-first, in mount order).
    try b[1].mount(at: a[1])
    #expect(post() == ["b0", "c0", "a0"])
    #expect(b[2].core.path.map(\.name) == ["b2", "b1", "b0", "c0", "a1", "a0"])
    for node in a + b + c + [top] { node.core.checkInvariants() }
  }

  @Test("a node released mid-tree leaves its former children's paths exact")
  func releaseInATree() throws {
    var middle: Node? = Node("middle")
    let root = Node("root")
    let leaf = Node("leaf")
    try middle?.mount(at: root)
    try leaf.mount(at: middle!)
    #expect(leaf.core.path.map(\.name) == ["leaf", "middle", "root"])
    middle = nil
    #expect(leaf.core.path.map(\.name) == ["leaf"])
    try leaf.mount(at: root)
    #expect(leaf.core.path.map(\.name) == ["leaf", "root"])
  }
}
