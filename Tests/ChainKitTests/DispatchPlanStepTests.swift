import ChainKitTestSupport
import Testing

@testable import ChainKit

/// A post along its plan checks a listener only when something may have changed it, and keeps
/// each dispatch's errors where the context counts them: what it must still honour.
@Suite(
  "A post along its plan skips what was cancelled and keeps errors apart (rules 10, 13)",
  .leakChecked)
@MainActor
struct DispatchPlanStepTests {
  /// Whether `node`'s last post of `key` walked a plan.
  func walksPlan(_ node: Node, _ key: EventKey<Int>) -> Bool {
    let path = node.core.cachedPath
    return path.lastPlanKeyID == key.id && path.lastPlan != nil
  }

  /// The messages of the test errors in `outcome`, in order.
  func messages(_ outcome: Outcome?) -> [String] {
    (outcome?.errors ?? []).map {
      (($0 as? ListenerError)?.underlying as? TestError)?.message ?? "\($0)"
    }
  }

  @Test("rule 10: a listener cancelled by an earlier one of its own pass does not run")
  func cancelWithinAPass() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    var token: Subscription?
    nodes[0].on(Keys.ping) { _, value in
      log.add("root a \(value)")
      token?.cancel()
    }
    token = nodes[0].on(Keys.ping) { _, value in log.add("root b \(value)") }
    nodes[0].on(Keys.ping) { _, value in log.add("root c \(value)") }
    nodes[1].post(Keys.ping, 1)
    #expect(walksPlan(nodes[1], Keys.ping))
    nodes[1].post(Keys.ping, 2)
    #expect(log.entries == ["root a 1", "root c 1", "root a 2", "root c 2"])
  }

  @Test("each listener along a plan sees its own phase and node, the phase set where it changes")
  func phasesAlongAPlan() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    // No capture listener at the target: a plan is made only without one.
    for node in nodes[..<2] {
      node.on(Keys.ping, capture: true) { ctx, _ in log.add("\(ctx.currentName):\(ctx.phase)") }
    }
    for node in nodes {
      node.on(Keys.ping) { ctx, _ in log.add("\(ctx.currentName):\(ctx.phase)") }
    }
    nodes[2].post(Keys.ping, 1)
    #expect(walksPlan(nodes[2], Keys.ping))
    nodes[2].post(Keys.ping, 2)
    let once = [
      "root:capture", "middle:capture", "leaf:target", "middle:bubble", "root:bubble",
    ]
    #expect(log.entries == once + once)
  }

  @Test("rule 13: errors thrown during a nested post are in its outcome, not the outer one's")
  func nestedErrorsStayApart() throws {
    let nodes = try chain("root", "leaf")
    var inner: Outcome?
    nodes[1].on(Keys.ping) { _, value in throw TestError(message: "first \(value)") }
    nodes[1].on(Keys.ping) { [unowned leaf = nodes[1]] _, value in
      if value == 1 { inner = leaf.post(Keys.ping, 2) }
      throw TestError(message: "second \(value)")
    }
    let outer = nodes[1].post(Keys.ping, 1)
    #expect(walksPlan(nodes[1], Keys.ping))
    #expect(messages(outer) == ["first 1", "second 1"])
    #expect(messages(inner) == ["first 2", "second 2"])
    #expect(nodes[1].post(Keys.ping, 3).errors.count == 2)
  }

  @Test("rule 10: a listener cancelled during its pass is not counted among those that ran")
  func cancelledListenerNotCounted() throws {
    let nodes = try chain("root", "leaf")
    var token: Subscription?
    nodes[0].on(Keys.ping) { _, _ in token?.cancel() }
    token = nodes[0].on(Keys.ping) { _, _ in }
    nodes[0].on(Keys.ping) { _, _ in }
    let outcome = nodes[1].post(Keys.ping, 1)
    #expect(walksPlan(nodes[1], Keys.ping))
    #expect(outcome.listenersRun == 2)
    #expect(nodes[1].post(Keys.ping, 2).listenersRun == 2)
  }

  @Test("a key that does not bubble runs no ancestor's listener along a plan of bubble steps only")
  func nonBubblingKeyStopsBeforeBubbleSteps() throws {
    let nodes = try chain("root", "middle", "leaf")
    let log = Log()
    nodes[0].on(Keys.focus) { _, value in log.add("root \(value)") }
    nodes[1].on(Keys.focus) { _, value in log.add("middle \(value)") }
    let first = nodes[2].post(Keys.focus, 1)
    #expect(walksPlan(nodes[2], Keys.focus))
    let second = nodes[2].post(Keys.focus, 2)
    #expect(log.entries.isEmpty)
    #expect(first.listenersRun == 0 && second.listenersRun == 0)
  }
}
