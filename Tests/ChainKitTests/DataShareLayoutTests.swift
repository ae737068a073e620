import ChainKitTestSupport
import Testing

@testable import ChainKit

extension DataKey where Value == String {
  fileprivate static let word = DataKey("layout.word")
}

/// Tests that a node's kept share layout (``DataShareLayout``) is never used stale.
///
/// Each test keeps one (by sharing), makes one kind of change the layout depends on, and checks
/// that the kept layout no longer passes for current unless it names exactly what a fresh walk of
/// the tree finds, and that the next share reaches whom the rules say.
@MainActor
@Suite("Data shared down: the kept share layout is never stale", .leakChecked)
struct DataShareLayoutTests {
  /// root → a → a1, root → b; a subscriber at each, logging `name:value`.
  @MainActor
  final class Tree {
    let root = Node("root")
    let a = Node("a")
    let a1 = Node("a1")
    let b = Node("b")
    var log: [String] = []
    var tokens: [String: Subscription] = [:]

    init() throws {
      try a.mount(at: root)
      try a1.mount(at: a)
      try b.mount(at: root)
      for node in [root, a, a1, b] { subscribe(node) }
    }

    /// Subscribes `node`, logging under its name.
    func subscribe(_ node: Node) {
      // NB: captures the name and the tree weakly: a subscription holding either would leak.
      let name = node.name
      tokens[name] = node.subscribe(.word) { [weak self] in
        self?.log.append("\(name):\($0 ?? "nil")")
      }
    }

    /// Shares `value` at the root and returns who heard what, emptying the log.
    func share(_ value: String) -> [String] {
      log = []
      root.share(value, for: .word)
      defer { log = [] }
      return log
    }
  }

  /// Whether `node` keeps a layout for the test key.
  private func keepsLayout(_ node: Node) -> Bool {
    node.core.data?.layouts.contains { $0.keyID == DataKey<String>.word.id } == true
  }

  /// Every layout `node` keeps that passes for current names the subscribers and slots a fresh
  /// walk finds, in the same order; compared by address, so a freed entry is never read.
  private func expectKeptLayoutsMatchTheTree(
    _ node: Node, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let data = node.core.data else { return }
    for layout in data.layouts where layout.isCurrent(in: node.core.runtime) {
      var fresh = ContiguousArray<NodeCore.DataDelivery>()
      node.core.collectDataDeliveries(forKey: layout.keyID, into: &fresh)
      #expect(
        Self.addresses(layout.deliveries) == Self.addresses(fresh),
        "a kept layout passes for current but names other subscribers or slots",
        sourceLocation: sourceLocation)
    }
  }

  private static func addresses(
    _ deliveries: ContiguousArray<NodeCore.DataDelivery>
  ) -> [[UnsafeMutableRawPointer?]] {
    deliveries.map { [$0.subscriber.reference.toOpaque(), $0.slot?.reference.toOpaque()] }
  }

  @Test("sharing again reaches the same subscribers in preorder, from the kept layout")
  func sharingAgainUsesTheKeptLayout() throws {
    let tree = try Tree()
    #expect(tree.share("one") == ["root:one", "a:one", "a1:one", "b:one"])
    #expect(keepsLayout(tree.root))
    #expect(tree.share("two") == ["root:two", "a:two", "a1:two", "b:two"])
    expectKeptLayoutsMatchTheTree(tree.root)
  }

  @Test("a new subscription makes the layout stale: the next share reaches it")
  func subscribingInvalidates() throws {
    let tree = try Tree()
    let a2 = Node("a2")
    try a2.mount(at: tree.a)
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.subscribe(a2)
    #expect(tree.log == ["a2:one"])
    expectKeptLayoutsMatchTheTree(tree.root)
    #expect(tree.share("two") == ["root:two", "a:two", "a1:two", "a2:two", "b:two"])
  }

  @Test("a cancellation makes the layout stale: the next share leaves the subscriber out")
  func cancellingInvalidates() throws {
    let tree = try Tree()
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.tokens["a1"]?.cancel()
    tree.tokens["a1"] = nil
    expectKeptLayoutsMatchTheTree(tree.root)
    #expect(tree.share("two") == ["root:two", "a:two", "b:two"])
  }

  @Test("a mount makes the layout stale: the next share reaches the mounted subtree")
  func mountingInvalidates() throws {
    let tree = try Tree()
    let c = Node("c")
    tree.subscribe(c)
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    try c.mount(at: tree.a)
    #expect(tree.log == ["c:one"])
    expectKeptLayoutsMatchTheTree(tree.root)
    #expect(tree.share("two") == ["root:two", "a:two", "a1:two", "c:two", "b:two"])
  }

  @Test("an unmount makes the layout stale: the next share leaves the subtree out")
  func unmountingInvalidates() throws {
    let tree = try Tree()
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.a.unmount(from: tree.root)
    #expect(tree.log == ["a:nil", "a1:nil"])
    expectKeptLayoutsMatchTheTree(tree.root)
    #expect(tree.share("two") == ["root:two", "b:two"])
  }

  @Test("a released node makes the layout stale: the next share leaves its subtree out")
  func releasingInvalidates() throws {
    let root = Node("root")
    var middle: Node? = Node("middle")
    let leaf = Node("leaf")
    try middle?.mount(at: root)
    try leaf.mount(at: middle!)
    var log: [String] = []
    leaf.subscribe(.word) { log.append("leaf:\($0 ?? "nil")") }
    root.share("one", for: .word)
    #expect(log == ["leaf:one"])
    #expect(keepsLayout(root))
    middle = nil
    #expect(log == ["leaf:one", "leaf:nil"])
    expectKeptLayoutsMatchTheTree(root)
    root.share("two", for: .word)
    #expect(log == ["leaf:one", "leaf:nil"])
  }

  @Test("an override added below makes the layout stale: the next share skips what it shadows")
  func addingAnOverrideInvalidates() throws {
    let tree = try Tree()
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.a.share("mine", for: .word)
    #expect(tree.log == ["a:mine", "a1:mine"])
    expectKeptLayoutsMatchTheTree(tree.root)
    #expect(tree.share("two") == ["root:two", "b:two"])
  }

  @Test("an override removed below makes the layout stale: the next share reaches under it")
  func removingAnOverrideInvalidates() throws {
    let tree = try Tree()
    tree.a.share("mine", for: .word)
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.a.removeShared(.word)
    #expect(tree.log == ["a:one", "a1:one"])
    expectKeptLayoutsMatchTheTree(tree.root)
    #expect(tree.share("two") == ["root:two", "a:two", "a1:two", "b:two"])
  }

  @Test("removing the value at the sharing node makes its layout stale: subscribers hear nil")
  func removingTheOwnValueInvalidates() throws {
    let tree = try Tree()
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.root.removeShared(.word)
    #expect(tree.log == ["root:nil", "a:nil", "a1:nil", "b:nil"])
    expectKeptLayoutsMatchTheTree(tree.root)
  }

  @Test("a computed value replacing a constant makes the layout stale: subscribers hear it")
  func replacingTheSlotInvalidates() throws {
    let tree = try Tree()
    _ = tree.share("one")
    #expect(keepsLayout(tree.root))
    tree.root.share(for: .word) { "computed" }
    #expect(tree.log == ["root:computed", "a:computed", "a1:computed", "b:computed"])
    expectKeptLayoutsMatchTheTree(tree.root)
  }

  @Test("a share nested in a pass that rebuilds the layout leaves the outer pass's snapshot whole")
  func nestedRebuildKeepsTheOuterSnapshot() throws {
    let root = Node("root")
    let first = Node("first")
    let second = Node("second")
    let late = Node("late")
    try first.mount(at: root)
    try second.mount(at: root)
    try late.mount(at: root)
    var log: [String] = []
    var nested = false
    first.subscribe(.word) { value in
      log.append("first:\(value ?? "nil")")
      guard value == "outer", !nested else { return }
      nested = true
      // A new subscription makes the kept layout stale, so the nested share collects afresh
      // while the outer pass is still walking the entries it started with.
      late.subscribe(.word) { log.append("late:\($0 ?? "nil")") }
      root.share("inner", for: .word)
    }
    second.subscribe(.word) { log.append("second:\($0 ?? "nil")") }
    root.share("start", for: .word)
    log = []
    root.share("outer", for: .word)
    // The nested pass brings second up to date; the outer pass then finds it has heard.
    #expect(log == ["first:outer", "late:outer", "first:inner", "second:inner", "late:inner"])
    log = []
    root.share("after", for: .word)
    #expect(log == ["first:after", "second:after", "late:after"])
  }

  @Test("a cancellation whose release runs a share makes the layout stale before that share")
  func cancellationIsStaleBeforeItsRelease() throws {
    let root = Node("root")
    let first = Node("first")
    let second = Node("second")
    try first.mount(at: root)
    try second.mount(at: root)
    var log: [String] = []
    // The computed value's closure holds the tripwire; once a constant replaces it, only the
    // subscribers that heard it hold the slot, so the last of them to let go frees the closure.
    weak let weakRoot = root
    let tripwire = { Tripwire { weakRoot?.share("nested", for: .word) } }
    root.share(for: .word, computed: Self.computed(holding: tripwire()))
    var secondToken: Subscription?
    first.subscribe(.word) { value in
      log.append("first:\(value ?? "nil")")
      // Cancelling second releases the computed slot, whose tripwire shares again while second
      // is removed but still in its node's list.
      if value == "outer" { secondToken?.cancel() }
    }
    secondToken = second.subscribe(.word) { log.append("second:\($0 ?? "nil")") }
    log = []
    root.share("outer", for: .word)
    #expect(log == ["first:outer", "first:nested"])
    log = []
    root.share("after", for: .word)
    #expect(log == ["first:after"])
  }
}

extension DataShareLayoutTests {
  /// A computed value that holds `tripwire` for as long as the closure lives.
  fileprivate static func computed(holding tripwire: Tripwire) -> @MainActor () -> String {
    {
      _ = tripwire
      return "computed"
    }
  }
}

/// Runs `action` when it deallocates.
@MainActor
private final class Tripwire {
  let action: @MainActor () -> Void

  init(_ action: @escaping @MainActor () -> Void) { self.action = action }

  isolated deinit { action() }
}
