import ChainKitTestSupport
import Testing

@testable import ChainKit

/// A post walks its path's plan for the key (every phase's listeners in one flat sequence) while
/// the plan is exact: each thing that changes which listeners a post reaches makes it stale, and
/// the post after it (or the rest of the dispatch under way) hears what the contract says.
@Suite("Dispatch plans are made again when what they list changes (rules 8-10)", .leakChecked)
@MainActor
struct DispatchPlanInvalidationTests {
  /// Whether `node`'s last post of `key` walked a plan.
  func walksPlan(_ node: Node, _ key: EventKey<Int>) -> Bool {
    let path = node.core.cachedPath
    return path.lastPlanKeyID == key.id && path.lastPlan != nil
  }

  /// The plan `node`'s last post of `key` walked.
  func plan(_ node: Node, _ key: EventKey<Int>) -> ObjectIdentifier? {
    let path = node.core.cachedPath
    guard path.lastPlanKeyID == key.id else { return nil }
    return path.lastPlan.map { ObjectIdentifier($0.object) }
  }

  @Test("a listener registered between posts at a node already on the plan runs in the next")
  func registrationBetweenPosts() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root a \(value)") }
    nodes[1].post(Keys.ping, 1)
    #expect(walksPlan(nodes[1], Keys.ping))
    nodes[0].on(Keys.ping) { _, value in log.add("root b \(value)") }
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["root a 1", "root a 2", "root b 2"])
  }

  @Test("a listener cancelled between posts does not run in the next")
  func cancelBetweenPosts() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root a \(value)") }
    let b = nodes[0].on(Keys.ping) { _, value in log.add("root b \(value)") }
    nodes[1].post(Keys.ping, 1)
    b.cancel()
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["root a 1", "root b 1", "root a 2"])
  }

  @Test("a once listener consumed by one post is not on the next post's plan")
  func onceListenerConsumed() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping, once: true) { _, value in log.add("once \(value)") }
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    nodes[1].post(Keys.ping, 3)
    #expect(log.entries == ["once 1", "root 1", "root 2", "root 3"])
    #expect(walksPlan(nodes[1], Keys.ping))
  }

  @Test("after a mount the next post reaches the new parent")
  func mountBetweenPosts() throws {
    let leaf = Node("leaf")
    let parent = Node("parent")
    let log = Log()
    leaf.on(Keys.ping) { _, value in log.add("leaf \(value)") }
    parent.on(Keys.ping) { _, value in log.add("parent \(value)") }
    leaf.post(Keys.ping, 1)
    try leaf.mount(at: parent)
    leaf.post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "leaf 2", "parent 2"])
  }

  @Test("after an unmount the next post no longer reaches the old parent")
  func unmountBetweenPosts() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    nodes[1].on(Keys.ping) { _, value in log.add("leaf \(value)") }
    nodes[1].post(Keys.ping, 1)
    nodes[1].unmount(from: nodes[0])
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "root 1", "leaf 2"])
  }

  @Test("after a remount elsewhere the next post reaches the new parent, not the old one")
  func remountElsewhere() throws {
    let old = Node("old")
    let new = Node("new")
    let leaf = Node("leaf")
    let log = Log()
    old.on(Keys.ping) { _, value in log.add("old \(value)") }
    new.on(Keys.ping) { _, value in log.add("new \(value)") }
    try leaf.mount(at: old)
    leaf.post(Keys.ping, 1)
    leaf.unmount(from: old)
    try leaf.mount(at: new)
    leaf.post(Keys.ping, 2)
    #expect(log.entries == ["old 1", "new 2"])
  }

  @Test("after an ancestor is released the next post no longer reaches it or what is above it")
  func releaseBetweenPosts() throws {
    let root = Node("root")
    var middle: Node? = Node("middle")
    let leaf = Node("leaf")
    let log = Log()
    try middle?.mount(at: root)
    try leaf.mount(at: middle!)
    root.on(Keys.ping) { _, value in log.add("root \(value)") }
    middle?.on(Keys.ping) { _, value in log.add("middle \(value)") }
    leaf.on(Keys.ping) { _, value in log.add("leaf \(value)") }
    leaf.post(Keys.ping, 1)
    middle = nil
    leaf.post(Keys.ping, 2)
    #expect(log.entries == ["leaf 1", "middle 1", "root 1", "leaf 2"])
  }

  @Test("an interceptor added at a node already on the plan rewrites the next post")
  func interceptorAdded() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    nodes[1].post(Keys.ping, 1)
    nodes[0].intercept(Keys.ping) { _, value in value += 10 }
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["root 1", "root 12"])
  }

  @Test("once an interceptor is cancelled, posts walk a plan again and see the payload as posted")
  func interceptorRemoved() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    let interceptor = nodes[0].intercept(Keys.ping) { _, value in value += 10 }
    nodes[1].post(Keys.ping, 1)
    #expect(!walksPlan(nodes[1], Keys.ping), "a path with an interceptor for the key has no plan")
    interceptor.cancel()
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["root 11", "root 2"])
    #expect(walksPlan(nodes[1], Keys.ping), "the interceptor's removal left the path unplanned")
  }

  @Test("rule 10: a listener registered during a dispatch at a node the event has not reached runs")
  func registrationDuringDispatch() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root a \(value)") }
    nodes[1].post(Keys.ping, 0)
    nodes[1].on(Keys.ping, once: false) { [unowned root = nodes[0]] _, value in
      log.add("leaf \(value)")
      guard value == 1 else { return }
      root.on(Keys.ping) { _, value in log.add("root b \(value)") }
    }
    log.clear()
    nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["leaf 1", "root a 1", "root b 1"])
  }

  @Test("rule 10: a bubble listener registered during a dispatch after the plan's last pass runs")
  func registrationAfterTheLastPass() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping, capture: true) { _, value in log.add("root capture \(value)") }
    nodes[1].on(Keys.ping) { [unowned root = nodes[0]] _, value in
      log.add("leaf \(value)")
      guard value == 2 else { return }
      root.on(Keys.ping) { _, value in log.add("root bubble \(value)") }
    }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    #expect(
      log.entries == [
        "root capture 1", "leaf 1", "root capture 2", "leaf 2", "root bubble 2",
      ])
  }

  @Test("rule 10: a listener registered during a dispatch at the node it is at runs from the next")
  func registrationAtTheCurrentNode() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { [unowned root = nodes[0]] _, value in
      log.add("root a \(value)")
      guard value == 1 else { return }
      root.on(Keys.ping) { _, value in log.add("root b \(value)") }
    }
    nodes[1].post(Keys.ping, 0)
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["root a 0", "root a 1", "root a 2", "root b 2"])
  }

  @Test("rule 10: a listener cancelled during a dispatch does not run, then or later")
  func cancelDuringDispatch() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    var token: Subscription?
    nodes[1].on(Keys.ping) { _, value in
      log.add("leaf \(value)")
      if value == 2 { token?.cancel() }
    }
    nodes[0].on(Keys.ping) { _, value in log.add("root a \(value)") }
    token = nodes[0].on(Keys.ping) { _, value in log.add("root b \(value)") }
    nodes[1].post(Keys.ping, 1)
    nodes[1].post(Keys.ping, 2)
    nodes[1].post(Keys.ping, 3)
    #expect(
      log.entries == [
        "leaf 1", "root a 1", "root b 1", "leaf 2", "root a 2", "leaf 3", "root a 3",
      ])
  }

  @Test("a nested post that makes the plan again leaves the outer dispatch walking its own")
  func nestedPostReplacesThePlan() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { [unowned root = nodes[0], unowned leaf = nodes[2]] _, value in
      log.add("middle \(value)")
      guard value == 1 else { return }
      root.on(Keys.ping) { _, value in log.add("root b \(value)") }
      leaf.post(Keys.ping, 10)
    }
    nodes[0].on(Keys.ping) { _, value in log.add("root a \(value)") }
    nodes[2].post(Keys.ping, 0)
    nodes[2].post(Keys.ping, 1)
    #expect(
      log.entries == [
        "middle 0", "root a 0", "middle 1", "middle 10", "root a 10", "root b 10", "root a 1",
        "root b 1",
      ])
  }

  @Test("a capture listener added at the target takes the two passes the DOM has there")
  func captureAtTheTarget() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { _, value in log.add("leaf bubble \(value)") }
    nodes[1].post(Keys.ping, 1)
    nodes[1].on(Keys.ping, capture: true) { [unowned leaf = nodes[1]] _, value in
      log.add("leaf capture \(value)")
      leaf.on(Keys.ping) { _, value in log.add("leaf added \(value)") }
    }
    nodes[1].post(Keys.ping, 2)
    #expect(
      log.entries == ["leaf bubble 1", "leaf capture 2", "leaf bubble 2", "leaf added 2"])
  }

  @Test("a registration for another key leaves the key's plan as it was")
  func anotherKeyLeavesThePlan() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].on(Keys.ping) { _, value in log.add("root \(value)") }
    // The other key is already known at the node: a node's first registration for a key changes
    // its paths (they must now stop there for it), its later ones only that key's generation.
    nodes[0].on(Keys.focus) { _, _ in }
    nodes[1].post(Keys.ping, 1)
    let before = plan(nodes[1], Keys.ping)
    #expect(before != nil)
    nodes[0].on(Keys.focus) { _, _ in }
    nodes[1].post(Keys.ping, 2)
    #expect(plan(nodes[1], Keys.ping) == before, "a change of another key made the plan again")
    #expect(log.entries == ["root 1", "root 2"])
  }

  @Test("a post whose path is unchanged allocates no plan")
  func unchangedPathKeepsItsPlan() throws {
    let nodes = try chain("root", "middle", "leaf")
    for node in nodes { node.on(Keys.ping) { _, _ in } }
    nodes[2].post(Keys.ping, 1)
    let before = plan(nodes[2], Keys.ping)
    #expect(before != nil)
    for value in 2...5 { nodes[2].post(Keys.ping, value) }
    #expect(plan(nodes[2], Keys.ping) == before)
  }
}
