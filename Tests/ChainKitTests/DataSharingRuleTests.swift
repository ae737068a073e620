import ChainKitTestSupport
import Testing

@testable import ChainKit

extension DataKey where Value == String {
  fileprivate static let text = DataKey("text")
}

@MainActor
@Suite("Data shared down: rules 26-29", .leakChecked)
struct DataSharingRuleTests {
  @Test(
    "rule 26: value(for:) resolves the nearest: the node itself, then its ancestors in path order")
  func nearestValueWins() throws {
    let (root, left, right, leaf) = try Diamond().nodes
    root.share("root", for: .text)
    right.share("right", for: .text)
    // The path is leaf, left, root, right: depth-first through the first parent comes first.
    #expect(leaf.pathNames == ["leaf", "left", "root", "right"])
    #expect(leaf.value(for: .text) == "root")
    left.share("left", for: .text)
    #expect(leaf.value(for: .text) == "left")
    leaf.share("leaf", for: .text)
    #expect(leaf.value(for: .text) == "leaf")
    #expect(root.value(for: .text) == "root")
  }

  @Test("rule 26: keys with the same name but different value types are different keys")
  func keysAreTyped() {
    let node = Node("node")
    node.share("text", for: DataKey<String>("k"))
    #expect(node.value(for: DataKey<Int>("k")) == nil)
    #expect(DataKey<String>("k") == DataKey<String>("k"))
  }

  @Test("rule 27: sharing notifies the subtree in preorder, children in mount order")
  func preorderNotification() throws {
    let root = Node("root")
    let a = Node("a")
    let a1 = Node("a1")
    let b = Node("b")
    try a.mount(at: root)
    try a1.mount(at: a)
    try b.mount(at: root)
    var log: [String] = []
    for node in [b, a1, a, root] {
      // NB: capture the name, not the node: a node's subscription holding the node would leak it.
      let name = node.name
      node.subscribe(.text) { log.append("\(name):\($0 ?? "nil")") }
    }
    root.share("x", for: .text)
    #expect(log == ["root:x", "a:x", "a1:x", "b:x"])
  }

  @Test("rule 27: a subtree that shadows the key with its own value is not notified")
  func shadowedSubtreeIsSkipped() throws {
    let root = Node("root")
    let shadow = Node("shadow")
    let inner = Node("inner")
    let other = Node("other")
    try shadow.mount(at: root)
    try inner.mount(at: shadow)
    try other.mount(at: root)
    shadow.share("mine", for: .text)
    var log: [String] = []
    inner.subscribe(.text) { log.append("inner:\($0 ?? "nil")") }
    other.subscribe(.text) { log.append("other:\($0 ?? "nil")") }
    root.share("root", for: .text)
    #expect(log == ["inner:mine", "other:root"])
  }

  @Test("rule 27: a diamond-shaped subtree notifies each subscriber once")
  func diamondNotifiesOnce() throws {
    let diamond = try Diamond()
    let (root, leaf) = (diamond.root, diamond.leaf)
    var log: [String] = []
    leaf.subscribe(.text) { log.append($0 ?? "nil") }
    root.share("once", for: .text)
    #expect(log == ["once"])
  }

  @Test("rule 28: subscribe calls back at once with the current value, then on each change")
  func subscribeGetsCurrentValue() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    root.share("first", for: .text)
    var log: [String] = []
    leaf.subscribe(.text) { log.append($0 ?? "nil") }
    root.share("second", for: .text)
    #expect(log == ["first", "second"])
  }

  @Test("rule 28: subscribing with no value anywhere calls nothing until one is shared")
  func subscribeWithoutValueWaits() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var log: [String] = []
    leaf.subscribe(.text) { log.append($0 ?? "nil") }
    #expect(log.isEmpty)
    root.share("now", for: .text)
    #expect(log == ["now"])
  }

  @Test("rule 28: mounting, unmounting and re-parenting re-resolve the subtree's subscribers")
  func topologyChangesReResolve() throws {
    let red = Node("red")
    let blue = Node("blue")
    let panel = Node("panel")
    let label = Node("label")
    red.share("red", for: .text)
    blue.share("blue", for: .text)
    try label.mount(at: panel)
    var log: [String] = []
    label.subscribe(.text) { log.append($0 ?? "nil") }
    try panel.mount(at: red)
    panel.unmount(from: red)
    try panel.mount(at: blue)
    try panel.mount(at: red)  // a second parent, after blue: blue still wins
    #expect(log == ["red", "nil", "blue"])
  }

  @Test("rule 28: a provider deallocating re-resolves its former subtree")
  func deallocationReResolves() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    var middle: Node? = Node("middle")
    root.share("root", for: .text)
    try middle?.mount(at: root)
    if let middle { try leaf.mount(at: middle) }
    middle?.share("middle", for: .text)
    var log: [String] = []
    leaf.subscribe(.text) { log.append($0 ?? "nil") }
    middle = nil
    #expect(log == ["middle", "nil"])
  }

  @Test("rule 29: a computed value is evaluated on each read")
  func computedIsEvaluatedOnRead() {
    let node = Node("node")
    var counter = 0
    node.share(for: .text) {
      counter += 1
      return "read \(counter)"
    }
    #expect(node.value(for: .text) == "read 1")
    #expect(node.value(for: .text) == "read 2")
  }

  @Test("rule 29: removing a shared value notifies subscribers of the newly resolved value")
  func removalNotifiesNewValue() throws {
    let root = Node("root")
    let middle = Node("middle")
    let leaf = Node("leaf")
    try middle.mount(at: root)
    try leaf.mount(at: middle)
    root.share("root", for: .text)
    middle.share("middle", for: .text)
    var log: [String] = []
    leaf.subscribe(.text) { log.append($0 ?? "nil") }
    middle.removeShared(.text)
    root.removeShared(.text)
    #expect(log == ["middle", "root", "nil"])
    #expect(leaf.value(for: .text) == nil)
  }
}
