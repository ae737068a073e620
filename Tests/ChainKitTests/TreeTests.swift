import Testing

@testable import ChainKit

@Suite("The tree (rules 1-5)", .leakChecked)
@MainActor
struct TreeTests {
  @Test("rule 1: a node never keeps its owner alive")
  func nodeNeverKeepsOwnerAlive() {
    @MainActor final class Owner {
      let node = Node("owner")
    }
    var owner: Owner? = Owner()
    weak let weakOwner = owner
    let node = owner?.node
    node?.on(Keys.ping) { _, _ in }
    owner = nil
    #expect(weakOwner == nil)
  }

  @Test("rule 2: the tree never extends a lifetime; a released node leaves the tree at once")
  func releasedNodeLeavesTreeAtOnce() throws {
    let root = Node("root")
    var child: Node? = Node("child")
    weak let weakChild = child
    try child?.mount(at: root)
    var grandchild: Node? = Node("grandchild")
    weak let weakGrandchild = grandchild
    if let child { try grandchild?.mount(at: child) }
    #expect(root.children.map(\.name) == ["child"])
    child = nil
    #expect(weakChild == nil)
    #expect(root.children.isEmpty)
    #expect(grandchild?.parents.isEmpty == true)
    #expect(grandchild?.pathNames == ["grandchild"])
    grandchild = nil
    #expect(weakGrandchild == nil)
  }

  @Test("rule 3: a node may have several parents, kept in mount order; unmount removes them")
  func severalParentsInMountOrder() throws {
    let first = Node("first")
    let second = Node("second")
    let third = Node("third")
    let child = Node("child")
    try child.mount(at: second)
    try child.mount(at: first)
    try child.mount(at: third)
    #expect(child.parents.map(\.name) == ["second", "first", "third"])
    child.unmount(from: first)
    #expect(child.parents.map(\.name) == ["second", "third"])
    #expect(first.children.isEmpty)
    child.unmountFromAll()
    #expect(child.parents.isEmpty)
    #expect(second.children.isEmpty && third.children.isEmpty)
  }

  @Test("rule 4: a mount that would make a cycle is refused with an error naming both nodes")
  func cycleIsRefusedNamingBothNodes() throws {
    let nodes = try chain("root", "middle", "leaf")
    #expect(throws: ChainError.mountCycle(child: "root", parent: "leaf")) {
      try nodes[0].mount(at: nodes[2])
    }
    #expect(throws: ChainError.mountCycle(child: "middle", parent: "middle")) {
      try nodes[1].mount(at: nodes[1])
    }
    let message = ChainError.mountCycle(child: "root", parent: "leaf").description
    #expect(message.contains("'root'") && message.contains("'leaf'"))
    #expect(nodes[0].parents.isEmpty)
    #expect(nodes[2].pathNames == ["leaf", "middle", "root"])
  }

  @Test("rule 4: mounting twice under the same parent is a no-op")
  func mountingTwiceIsNoOp() throws {
    let parent = Node("parent")
    let child = Node("child")
    try child.mount(at: parent)
    try child.mount(at: parent)
    #expect(child.parents.map(\.name) == ["parent"])
    #expect(parent.children.map(\.name) == ["child"])
    let log = Log()
    parent.on(Keys.ping) { _, _ in log.add("parent") }
    child.post(Keys.ping, 1)
    #expect(log.entries == ["parent"])
  }

  @Test("rule 5: every node has a human-readable name used by errors and traces")
  func nodesHaveNames() throws {
    let node = Node("Content View Controller")
    #expect(node.name == "Content View Controller")
    #expect(node.description == "Content View Controller")
    let log = TraceLog()
    node.install(log)
    node.post(Keys.ping, 1)
    #expect(log.dispatches.first?.origin == "Content View Controller")
  }
}
