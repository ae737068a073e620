import ChainKitTestSupport
import Testing

@testable import ChainKit

@Suite("Events (rules 6-8)", .leakChecked)
@MainActor
struct EventTests {
  @Test("rule 6: keys are the same key only if name and payload type match")
  func keysMatchByNameAndPayloadType() throws {
    let intKey = EventKey<Int>("changed")
    let sameIntKey = EventKey<Int>("changed")
    let stringKey = EventKey<String>("changed")
    #expect(intKey == sameIntKey)
    #expect(intKey.id != stringKey.id)
    let node = Node("node")
    let log = Log()
    node.on(intKey) { _, value in log.add("int \(value)") }
    node.on(stringKey) { _, value in log.add("string \(value)") }
    node.post(sameIntKey, 7)
    node.post(stringKey, "seven")
    #expect(log.entries == ["int 7", "string seven"])
  }

  @Test("rule 7: named events carry a Params bag and need no key declaration")
  func namedEventsCarryParams() throws {
    let nodes = try chain("root", "cell")
    let log = Log()
    nodes[0].on("cellClicked") { _, params in
      log.add("row \(params["row", as: Int.self] ?? -1) \(params["title", as: String.self] ?? "")")
    }
    nodes[1].post("cellClicked", ["row": 3, "title": "Hello"])
    #expect(log.entries == ["row 3 Hello"])
    #expect(Params(["b": 2, "a": 1]).description == "[a: 1, b: 2]")
    #expect(Params(["row": "3"])["row", as: Int.self] == nil)
  }

  @Test("rule 8: the path is the target, then its parents depth-first in mount order")
  func pathIsDepthFirstInMountOrder() throws {
    let root = Node("root")
    let left = Node("left")
    let right = Node("right")
    let top = Node("top")
    let target = Node("target")
    try left.mount(at: root)
    try right.mount(at: top)
    try target.mount(at: left)
    try target.mount(at: right)
    #expect(target.pathNames == ["target", "left", "root", "right", "top"])
    let log = Log()
    for node in [root, left, right, top, target] {
      let name = node.name
      node.on(Keys.ping) { _, _ in log.add(name) }
    }
    target.post(Keys.ping, 1)
    #expect(log.entries == ["target", "left", "root", "right", "top"])
  }

  @Test("rule 8: a diamond delivers once to the shared ancestor")
  func diamondDeliversOnce() throws {
    let diamond = try Diamond()
    let (root, leaf) = (diamond.root, diamond.leaf)
    let log = Log()
    root.on(Keys.ping) { _, _ in log.add("root") }
    leaf.post(Keys.ping, 1)
    #expect(log.entries == ["root"])
    #expect(leaf.pathNames == ["leaf", "left", "root", "right"])
  }

  @Test("rule 8: mounting or unmounting during a dispatch affects only later events")
  func mountingDuringDispatchAffectsLaterEvents() throws {
    let nodes = try chain("root", "middle", "leaf")
    let other = Node("other")
    let log = Log()
    nodes[1].on(Keys.ping) { [unowned root = nodes[0], unowned middle = nodes[1]] _, value in
      log.add("middle \(value)")
      if value == 1 {
        middle.unmount(from: root)
        try middle.mount(at: other)
      }
    }
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    other.on(Keys.ping) { _, value in log.add("other \(value)") }
    nodes[2].post(Keys.ping, 1)
    nodes[2].post(Keys.ping, 2)
    #expect(log.entries == ["middle 1", "root 1", "middle 2", "other 2"])
  }

  @Test("rule 8: every node on the path stays valid even if a listener drops its owner")
  func pathStaysValidWhenOwnerIsDropped() throws {
    var owners: [Node]? = try chain("root", "middle")
    let leaf = Node("leaf")
    if let middle = owners?.last { try leaf.mount(at: middle) }
    let log = Log()
    owners?[0].on(Keys.ping) { _, _ in log.add("root") }
    leaf.on(Keys.ping) { _, _ in
      log.add("leaf")
      owners = nil
    }
    let outcome = leaf.post(Keys.ping, 1)
    #expect(log.entries == ["leaf"])
    #expect(outcome.listenersRun == 1)
    #expect(leaf.parents.isEmpty)
  }
}
