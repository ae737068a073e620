import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@Suite("Throwing listeners and nested posts (rules 13-14)", .leakChecked)
@MainActor
struct ErrorAndNestingTests {
  @Test("rule 13: a throwing listener does not stop the others; its error is in the outcome")
  func throwingListenerIsIsolated() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { _, _ in throw TestError(message: "boom") }
    nodes[1].on(Keys.ping) { _, _ in log.add("leaf") }
    nodes[0].on(Keys.ping) { _, _ in log.add("root") }
    let trace = TraceLog()
    nodes[0].install(trace)
    let outcome = nodes[1].post(Keys.ping, 1)
    #expect(log.entries == ["leaf", "root"])
    #expect(outcome.errors.count == 1)
    let error = try #require(outcome.errors.first as? ListenerError)
    #expect(error.node == "leaf" && error.key == "ping" && error.phase == .target)
    #expect((error.underlying as? TestError)?.message == "boom")
    #expect(trace.dispatches.first?.errors == ["leaf (target) ping: boom"])
    #expect(trace.dispatches.first?.hops.first?.errors == ["leaf (target) ping: boom"])
  }

  @Test("rule 14: a nested post is dispatched at once, depth-first")
  func nestedPostIsDispatchedAtOnce() throws {
    let nodes = try chain("root", "leaf")
    let log = Log()
    nodes[1].on(Keys.ping) { [unowned leaf = nodes[1]] _, value in
      log.add("leaf ping \(value)")
      leaf.post(Keys.click, Click(index: value))
      log.add("leaf after click")
    }
    nodes[0].on(Keys.click) { _, click in log.add("root click \(click.index)") }
    nodes[0].on(Keys.ping) { _, value in log.add("root ping \(value)") }
    nodes[1].post(Keys.ping, 5)
    #expect(log.entries == ["leaf ping 5", "root click 5", "leaf after click", "root ping 5"])
  }

  @Test("rule 14: runaway recursion ends with an error in the outcome and the trace, no overflow")
  func runawayRecursionEndsWithError() {
    let node = Node("echo")
    var calls = 0
    var innermost: Outcome?
    node.on(Keys.ping) { [unowned node] _, value in
      calls += 1
      let outcome = node.post(Keys.ping, value + 1)
      if !outcome.succeeded, innermost == nil { innermost = outcome }
    }
    let trace = TraceLog()
    node.install(trace)
    let outcome = node.post(Keys.ping, 0)
    #expect(calls == ReentryGuard.nestingLimit)
    #expect(
      outcome.errors.contains { ($0 as? ChainError) == .nestingTooDeep(key: "ping", limit: 64) })
    #expect(innermost?.listenersRun == 0)
    #expect(
      trace.dispatches.contains { $0.errors.contains { $0.contains("deeper than the limit") } })
    // The next, unrelated post works normally.
    node.on(Keys.click) { _, _ in }
    #expect(node.post(Keys.click, Click(index: 1)).succeeded)
  }

  @Test("rule 14: a listener that posts twice per call cannot turn the limit into a hang")
  func branchingRecursionIsCut() {
    let node = Node("fork")
    var calls = 0
    node.on(Keys.ping) { [unowned node] _, value in
      calls += 1
      node.post(Keys.ping, value + 1)
      node.post(Keys.ping, value + 1)
    }
    let outcome = node.post(Keys.ping, 0)
    #expect(!outcome.succeeded)
    #expect(calls < 200)
  }

  @Test("rule 14: the nesting limit can be changed for a scope")
  func nestingLimitIsConfigurable() {
    let node = Node("echo")
    var calls = 0
    node.on(Keys.ping) { [unowned node] _, value in
      calls += 1
      node.post(Keys.ping, value + 1)
    }
    let outcome = ReentryGuard.withNestingLimit(3) { node.post(Keys.ping, 0) }
    #expect(ReentryGuard.nestingLimit == ReentryGuard.defaultNestingLimit)
    #expect(calls == 3)
    #expect(
      outcome.errors.contains { ($0 as? ChainError) == .nestingTooDeep(key: "ping", limit: 3) })
  }
}
