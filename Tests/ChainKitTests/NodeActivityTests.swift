import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// `phase key target ran=N` plus the flags that are set, one string per activity.
@MainActor
private func summary(_ activity: NodeActivity) -> String {
  var text =
    "\(activity.phase.rawValue) \(activity.key) \(activity.target) ran=\(activity.listenersRun)"
  if activity.passed { text += " passed" }
  if activity.stopped { text += " stopped" }
  if activity.stoppedImmediately { text += " immediately" }
  if activity.prevented { text += " prevented" }
  if activity.answered { text += " answered" }
  if !activity.errors.isEmpty { text += " errors=\(activity.errors)" }
  return text
}

/// Collects one node's activity summaries.
@MainActor
private final class ActivityLog {
  var entries: [String] = []
  var activities: [NodeActivity] = []

  @discardableResult
  func observe(_ node: Node, as label: String = "") -> Subscription {
    node.observeActivity { [unowned self] activity in
      self.activities.append(activity)
      self.entries.append(label.isEmpty ? summary(activity) : "\(label): \(summary(activity))")
    }
  }
}

@Suite("Node activity observers", .leakChecked)
@MainActor
struct NodeActivityTests {
  @Test("an observer sees each phase in which a dispatch reached its node, with what ran there")
  func observerSeesEachPhase() throws {
    let nodes = try chain("root", "mid", "leaf")
    nodes[0].on(Keys.ping, capture: true) { _, _ in }
    nodes[0].on(Keys.ping) { _, _ in }
    nodes[2].on(Keys.ping) { _, _ in }
    let root = ActivityLog()
    let mid = ActivityLog()
    root.observe(nodes[0])
    mid.observe(nodes[1])
    nodes[2].post(Keys.ping, 7)
    #expect(root.entries == ["capture ping leaf ran=1", "bubble ping leaf ran=1"])
    #expect(mid.entries == ["bubble ping leaf ran=0 passed"])
    #expect(root.activities.first?.payload == "7")
  }

  @Test("two nodes with the same name keep separate activity")
  func sameNameNodesAreKeptApart() throws {
    let root = Node("root")
    let first = Node("twin")
    let second = Node("twin")
    try first.mount(at: root)
    try second.mount(at: root)
    first.on(Keys.ping) { _, _ in }
    let firstLog = ActivityLog()
    let secondLog = ActivityLog()
    firstLog.observe(first)
    secondLog.observe(second)
    first.post(Keys.ping, 1)
    #expect(firstLog.entries == ["target ping twin ran=1"])
    #expect(secondLog.entries.isEmpty)
  }

  @Test("a stop is reported where it happened, and the bubble phase does not reach the nodes above")
  func stopIsReportedWhereItHappened() throws {
    let nodes = try chain("root", "mid", "leaf")
    nodes[1].on(Keys.ping) { ctx, _ in ctx.stopImmediatePropagation() }
    nodes[0].on(Keys.ping) { _, _ in }
    let root = ActivityLog()
    let mid = ActivityLog()
    root.observe(nodes[0])
    mid.observe(nodes[1])
    nodes[2].post(Keys.ping, 1)
    #expect(mid.entries == ["bubble ping leaf ran=1 stopped immediately"])
    // The capture phase reached the root on the way down; the bubble phase never did.
    #expect(root.entries == ["capture ping leaf ran=0 passed"])
  }

  @Test("a stop at an unobserved node ends the walk before the observed node's bubble phase")
  func stopElsewhereEndsTheObservedWalk() throws {
    let nodes = try chain("root", "mid", "leaf")
    nodes[1].on(Keys.ping) { ctx, _ in ctx.stopPropagation() }
    nodes[0].on(Keys.ping) { _, _ in }
    let root = ActivityLog()
    root.observe(nodes[0])
    nodes[2].post(Keys.ping, 1)
    #expect(root.entries == ["capture ping leaf ran=0 passed"])
    _ = nodes[2].request(Keys.lookup, "x")
    #expect(root.entries.last == "bubble lookup leaf ran=0 passed")
  }

  @Test("a request's observer sees which node answered")
  func requestAnswerIsReported() throws {
    let nodes = try chain("root", "leaf")
    nodes[0].respond(to: Keys.lookup) { _, name in name.count }
    let root = ActivityLog()
    let leaf = ActivityLog()
    root.observe(nodes[0])
    leaf.observe(nodes[1])
    #expect(nodes[1].request(Keys.lookup, "abc") == 3)
    #expect(leaf.entries == ["target lookup leaf ran=0 passed"])
    #expect(root.entries == ["bubble lookup leaf ran=1 answered"])
  }

  @Test("errors thrown at the node are reported with its activity")
  func errorsAreReported() throws {
    let nodes = try chain("root", "leaf")
    nodes[1].on(Keys.ping) { _, _ in throw TestError(message: "boom") }
    let leaf = ActivityLog()
    leaf.observe(nodes[1])
    nodes[1].post(Keys.ping, 1)
    #expect(leaf.entries == ["target ping leaf ran=1 errors=[\"leaf (target) ping: boom\"]"])
  }

  @Test("a nested dispatch's activity arrives after the one that posted it")
  func nestedActivityArrivesInPostingOrder() throws {
    let nodes = try chain("root", "leaf")
    nodes[1].on(Keys.ping) { [unowned leaf = nodes[1]] _, value in
      if value == 1 { leaf.post(Keys.ping, 2) }
    }
    let root = ActivityLog()
    root.observe(nodes[0])
    nodes[1].post(Keys.ping, 1)
    #expect(root.activities.map(\.payload) == ["1", "2"])
    #expect(root.activities.last?.parentID == root.activities.first?.dispatchID)
  }

  @Test("nested activity under an unobserved outer dispatch arrives when it returns")
  func nestedActivityUnderUnobservedOuter() throws {
    let outer = Node("outer")
    let nodes = try chain("root", "leaf")
    let log = Log()
    outer.on(Keys.ping) { [unowned leaf = nodes[1]] _, value in
      leaf.post(Keys.ping, value + 1)
      log.add("outer done")
    }
    nodes[0].observeActivity { activity in log.add("root saw \(activity.payload)") }
    outer.post(Keys.ping, 1)
    #expect(log.entries == ["outer done", "root saw 2"])
  }

  @Test("a cancelled observer hears nothing; its token is inert once the node is gone")
  func cancelledObserverHearsNothing() throws {
    let nodes = try chain("root", "leaf")
    let root = ActivityLog()
    let token = root.observe(nodes[0])
    #expect(token.isActive)
    token.cancel()
    nodes[1].post(Keys.ping, 1)
    #expect(root.entries.isEmpty)
    var node: Node? = Node("gone")
    let orphan = node.map { root.observe($0) }
    node = nil
    #expect(orphan?.isActive == false)
    orphan?.cancel()
  }

  @Test("an observer that captures its node weakly does not keep it alive")
  func observerDoesNotKeepItsNode() {
    weak var weakNode: Node?
    do {
      let node = Node("owned")
      weakNode = node
      node.observeActivity { [weak node] _ in _ = node?.name }
    }
    #expect(weakNode == nil)
  }

  @Test("once its observer is cancelled, a path is unheard again: dispatches make no probe")
  func cancelledObserverLeavesThePathUntraced() throws {
    let nodes = try chain("root", "leaf")
    let token = nodes[0].observeActivity { _ in }
    #expect(nodes[1].core.currentPath.isProbed)
    #expect(nodes[1].core.hooksOnPath.isEmpty)
    token.cancel()
    #expect(!nodes[1].core.currentPath.isProbed)
  }

  @Test("an observer alone builds no trace record; a tracer on the same path builds one")
  func observerAloneBuildsNoRecord() throws {
    let census = try #require(LiveObjectCensus.current)
    let nodes = try chain("root", "mid", "leaf")
    nodes[0].on(Keys.ping, capture: true) { _, _ in }
    nodes[1].on(Keys.ping) { ctx, _ in ctx.stopPropagation() }
    nodes[2].on(Keys.ping) { _, _ in }
    let log = ActivityLog()
    log.observe(nodes[1])
    nodes[2].post(Keys.ping, 1)
    _ = nodes[2].request(Keys.lookup, "x")
    #expect(log.entries == ["bubble ping leaf ran=1 stopped", "bubble lookup leaf ran=0 passed"])
    #expect(census.recordsBuilt == 0)
    let installation = nodes[0].install(LoggingTracer(log: Log()))
    nodes[2].post(Keys.ping, 2)
    #expect(census.recordsBuilt == 1)
    installation.cancel()
  }

  @Test("a dispatch's observers are called before the path's tracers receive its record")
  func observersBeforeTracers() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    let tracer = LoggingTracer(log: log)
    let installation = nodes[0].install(tracer)
    let token = nodes[1].observeActivity { activity in log.add("observer \(activity.key)") }
    nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["observer ping", "tracer ping"])
    installation.cancel()
    token.cancel()
  }

  @Test("an observer may post; what it posts is observed too, after the activity that caused it")
  func observerMayPost() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[0].observeActivity { [unowned leaf = nodes[1]] activity in
      log.add("\(activity.key) \(activity.payload)")
      if activity.payload == "1" { leaf.post(Keys.ping, 2) }
    }
    nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["ping 1", "ping 2"])
  }
}

/// Notes each dispatch record it receives.
@MainActor
private final class LoggingTracer: Tracer {
  let log: Log
  init(log: Log) { self.log = log }
  func receive(_ record: TraceRecord) {
    if case .dispatch(let dispatch) = record { log.add("tracer \(dispatch.key)") }
  }
}
