import ChainKitTestSupport
import Testing

@testable import ChainKit

/// Rules 10, 12, 17 and 19 as the semantics page states them, each where an earlier dispatch
/// diverged from it.
@Suite("Snapshots, stops, branches and requests (rules 10, 12, 17, 19)", .leakChecked)
@MainActor
struct DispatchRulesTests {
  @Test("rule 10: a listener an interceptor adds at its own node runs from the next event")
  func interceptorAddedListenerWaits() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    var added = false
    nodes[0].intercept(Keys.ping) { [unowned root = nodes[0]] _, _ in
      guard !added else { return }
      added = true
      root.on(Keys.ping) { _, value in log.add("added \(value)") }
    }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["added 2"])
  }

  @Test("rule 10: the same at the target")
  func interceptorAddedListenerWaitsAtTarget() {
    let node = Node("target")
    let log = Log()
    var added = false
    node.intercept(Keys.ping) { [unowned node] _, _ in
      guard !added else { return }
      added = true
      node.on(Keys.ping) { _, value in log.add("added \(value)") }
    }
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 2)
    #expect(log.entries == ["added 2"])
  }

  @Test("rule 10: as in the DOM, a listener added to the target in its capture pass runs after")
  func captureAddedListenerRunsInTheSecondPass() {
    let node = Node("target")
    let log = Log()
    node.on(Keys.ping, capture: true, once: true) { _, _ in
      log.add("capture")
      node.on(Keys.ping) { _, _ in log.add("added") }
    }
    node.post(Keys.ping, 1)
    #expect(log.entries == ["capture", "added"])
  }

  @Test("rule 12: an interceptor's stop lets its node's listeners run, at the target too")
  func interceptorStopLetsItsNodeRun() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    for node in nodes {
      let name = node.name
      node.on(Keys.ping) { _, _ in log.add(name) }
    }
    nodes[2].intercept(Keys.ping) { ctx, _ in ctx.stopPropagation() }
    let outcome = nodes[2].post(Keys.ping, 1)
    #expect(log.entries == ["leaf"])
    #expect(outcome.isStopped)
    log.clear()
    nodes[2].post(EventKey<Int>("other"), 1)
    nodes[1].intercept(EventKey<Int>("other")) { ctx, _ in ctx.stopPropagation() }
    nodes[1].on(EventKey<Int>("other")) { _, _ in log.add("middle other") }
    nodes[0].on(EventKey<Int>("other")) { _, _ in log.add("root other") }
    nodes[2].post(EventKey<Int>("other"), 1)
    #expect(log.entries == ["middle other"])
  }

  @Test("rule 12: an interceptor's stop at the target lets both passes run")
  func interceptorStopAtTargetLetsBothPassesRun() {
    let node = Node("target")
    let log = Log()
    node.intercept(Keys.ping) { ctx, _ in ctx.stopPropagation() }
    node.on(Keys.ping, capture: true) { _, _ in log.add("capture") }
    node.on(Keys.ping) { _, _ in log.add("bubble") }
    node.post(Keys.ping, 1)
    #expect(log.entries == ["capture", "bubble"])
  }

  @Test("rule 12: at the target, a stop from a capture listener ends the event before the others")
  func captureStopAtTargetEndsTheEvent() {
    let node = Node("target")
    let log = Log()
    node.on(Keys.ping, capture: true) { ctx, _ in
      log.add("capture")
      ctx.stopPropagation()
    }
    node.on(Keys.ping, capture: true) { _, _ in log.add("capture 2") }
    node.on(Keys.ping) { _, _ in log.add("bubble") }
    node.post(Keys.ping, 1)
    #expect(log.entries == ["capture", "capture 2"])
  }

  @Test("rule 12: an interceptor's immediate stop keeps its node's listeners from running")
  func interceptorImmediateStop() {
    let node = Node("target")
    let log = Log()
    node.intercept(Keys.ping) { ctx, _ in ctx.stopImmediatePropagation() }
    node.on(Keys.ping) { _, _ in log.add("listener") }
    node.post(Keys.ping, 1)
    #expect(log.entries.isEmpty)
  }

  @Test("rule 19: stopImmediatePropagation in a responder skips the node's remaining responders")
  func requestImmediateStop() throws {
    let nodes = try chain("root", "leaf")
    var asked: [String] = []
    nodes[1].respond(to: Keys.lookup) { ctx, _ in
      asked.append("first")
      ctx.stopImmediatePropagation()
      return nil
    }
    nodes[1].respond(to: Keys.lookup) { _, _ in
      asked.append("second")
      return 2
    }
    nodes[0].respond(to: Keys.lookup) { _, _ in
      asked.append("root")
      return 3
    }
    #expect(nodes[1].request(Keys.lookup, "x") == nil)
    #expect(asked == ["first"])
  }

  @Test("rule 19: stopPropagation in a responder lets its node finish, then ends the walk")
  func requestStop() throws {
    let nodes = try chain("root", "leaf")
    nodes[1].respond(to: Keys.lookup) { ctx, _ in
      ctx.stopPropagation()
      return nil
    }
    nodes[1].respond(to: Keys.lookup) { _, _ in nil }
    nodes[0].respond(to: Keys.lookup) { _, _ in 3 }
    #expect(nodes[1].requestAll(Keys.lookup, "x").isEmpty)
  }

  @Test("rule 19: a responder an interceptor adds answers from the next request")
  func interceptorAddedResponderWaits() {
    let node = Node("asked")
    var added = false
    node.intercept(Keys.lookup) { [unowned node] _, _ in
      guard !added else { return }
      added = true
      node.respond(to: Keys.lookup) { _, _ in 1 }
    }
    #expect(node.request(Keys.lookup, "x") == nil)
    #expect(node.request(Keys.lookup, "x") == 1)
  }

  @Test("rule 17: a rewrite at M is seen by M and above it, not through another parent below M")
  func interceptorRewriteFollowsItsBranch() throws {
    // leaf has two parents: left (which rewrites) and right; both are under root.
    let (root, left, right, leaf) = try Diamond().nodes
    #expect(leaf.pathNames == ["leaf", "left", "root", "right"])
    leaf.intercept(Keys.ping) { _, value in value += 1 }
    left.intercept(Keys.ping) { _, value in value *= 100 }
    let log = Log()
    for node in [leaf, left, root, right] {
      let name = node.name
      node.on(Keys.ping) { _, value in log.add("\(name) \(value)") }
    }
    leaf.post(Keys.ping, 1)
    #expect(log.entries == ["leaf 2", "left 200", "root 200", "right 2"])
    // Requests walk the same path with the same rule.
    var seen: [String] = []
    for node in [leaf, left, root, right] {
      let name = node.name
      node.respond(to: Keys.lookup) { _, text in
        seen.append("\(name) \(text)")
        return nil
      }
    }
    left.intercept(Keys.lookup) { _, text in text += "!" }
    _ = leaf.request(Keys.lookup, "q")
    #expect(seen == ["leaf q", "left q!", "root q!", "right q"])
  }

  @Test("rule 2: an event posted from code running inside a node's release skips that node")
  func releasedNodeIsOutOfEveryPathAtOnce() throws {
    @MainActor
    final class Poster {
      let node: Node
      let log: Log
      init(_ node: Node, _ log: Log) {
        self.node = node
        self.log = log
      }
      isolated deinit {
        log.add("path \(node.pathNames.joined(separator: ">"))")
        node.post(Keys.ping, 9)
      }
    }
    let root = Node("root")
    var middle: Node? = Node("middle")
    let leaf = Node("leaf")
    let log = Log()
    try #require(middle).mount(at: root)
    try leaf.mount(at: #require(middle))
    leaf.post(Keys.ping, 0)  // caches leaf's path through middle
    root.on(Keys.ping) { _, value in log.add("root \(value)") }
    middle?.on(Keys.ping) { _, value in log.add("middle \(value)") }
    do {
      // The listener's closure owns the poster; releasing middle releases the listener.
      let poster = Poster(leaf, log)
      middle?.on(Keys.click) { _, _ in _ = poster }
    }
    middle = nil
    #expect(log.entries == ["path leaf"])
  }

  @Test("a once listener whose captured object registers on the same node in its deinit")
  func deinitRegistersOnTheSameNode() {
    @MainActor
    final class Registrar {
      let node: Node
      let log: Log
      init(_ node: Node, _ log: Log) {
        self.node = node
        self.log = log
      }
      isolated deinit {
        let log = log
        node.on(Keys.ping) { _, value in log.add("registered in deinit \(value)") }
      }
    }
    let node = Node("node")
    let log = Log()
    do {
      let registrar = Registrar(node, log)
      node.once(Keys.ping) { _, _ in _ = registrar }
    }
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 2)
    #expect(log.entries == ["registered in deinit 2"])
    #expect(node.registrationCount == 1)
  }
}
