import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@Suite("The tree (rules 1-5)", .leakChecked)
@MainActor
struct TreeTests {
  /// An owner that really reaches its node, released while the tree lives on.
  ///
  /// A real owner: a panel-like object that holds its node, mounts it in a tree that outlives
  /// it, and hands itself to the node through every registration that takes an object. Each
  /// of those is a path by which a node could keep its owner alive; the test first checks
  /// that the owner is really reached through them, so that it fails if one of them retains.
  @Test("rule 1: a node never keeps its owner alive")
  func nodeNeverKeepsOwnerAlive() throws {
    @MainActor final class Owner {
      let node = Node("owner")
      var pings: [Int] = []

      init(under root: Node) throws {
        try node.mount(at: root)
        node.on(Keys.ping, target: self) { owner, _, value in owner.pings.append(value) }
        node.on(Keys.ping, target: self, capture: true) { owner, _, _ in owner.pings.append(0) }
        node.respond(to: Keys.lookup) { [unowned self] _, _ in pings.count }
      }
    }
    let root = Node("root")
    var rootPings: [Int] = []
    root.on(Keys.ping) { _, value in rootPings.append(value) }
    var owner: Owner? = try Owner(under: root)
    weak let weakOwner = owner
    owner?.node.post(Keys.ping, 7)
    #expect(owner?.pings == [0, 7])
    #expect(owner?.node.request(Keys.lookup, "") == 2)
    #expect(root.children.map(\.name) == ["owner"])
    owner = nil
    #expect(weakOwner == nil)
    #expect(root.children.isEmpty)
    #expect(rootPings == [7])
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
    #expect(throws: MountCycleError(child: "root", parent: "leaf")) {
      try nodes[0].mount(at: nodes[2])
    }
    #expect(throws: MountCycleError(child: "middle", parent: "middle")) {
      try nodes[1].mount(at: nodes[1])
    }
    let message = MountCycleError(child: "root", parent: "leaf").description
    #expect(message.contains("'root'") && message.contains("'leaf'"))
    #expect(nodes[0].parents.isEmpty)
    #expect(nodes[2].pathNames == ["leaf", "middle", "root"])
  }

  @Test("rule 4: a mount cycle is caught as MountCycleError, the only error a mount throws")
  func mountCycleIsCaughtAsItsOwnType() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    // Typed throws: in `catch` below, `error` is a MountCycleError, with no cast.
    func describe(_ error: MountCycleError) -> String { "\(error.child) under \(error.parent)" }
    let nodes = try chain("window", "list", "cell")
    let (window, cell) = (nodes[0], nodes[2])
    // MountCycleError's example, as its doc writes it.
    do {
      try window.mount(at: cell)
    } catch {
      print("refused: \(error)")  // error is a MountCycleError
    }
    do {
      try window.mount(at: cell)
    } catch {
      print(describe(error))
    }
    #expect(
      printed.lines == [
        "refused: cannot mount 'window' under 'cell': 'cell' is already below 'window', so the "
          + "tree would have a cycle",
        "window under cell",
      ])
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
