import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@MainActor
@Suite("Binding: loops and re-entry", .leakChecked)
struct BindingLoopTests {
  @Test("rule 35: a callback that writes back through the notifying path does not loop")
  func writeBackDoesNotLoop() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    let log = TraceLog()
    bind([a, b], name: "pair", tracer: log)
    var calls = 0
    b.observe { _, new in
      calls += 1
      a.value = new
    }
    a.value = 1
    #expect(calls == 1)
    // b's observer writes 1 back to a, which already holds 1: an equal write, which stops at
    // the property (rule 34) and never reaches the binding.
    #expect(
      log.bindingRecords.map { "\($0.kind.rawValue) \($0.member)" } == [
        "change a", "update b", "suppressedEcho b",
      ])
  }

  @Test("rule 35: a write to member c by an observer of b is deferred, then wins everywhere")
  func reentrantWriteIsDeferredThenPropagates() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    let c = Property(0, name: "c")
    let trace = TraceLog()
    bind([a, b, c], tracer: trace)
    let log = UpdateLog()
    for property in [a, b, c] {
      let name = property.name
      property.observe { _, new in log.entries.append("\(name):\(new)") }
    }
    b.observe { [unowned c] _, new in if new == 1 { c.value = 99 } }
    a.value = 1
    // b's observers run before b's binding sees the write: the write to c is deferred, c is
    // skipped by the change in progress (it holds a newer value), then 99 propagates. a is
    // still in its own notification round when 99 reaches it, so its observers hear of 99
    // after that round (rule 34), that is, after b's.
    #expect(log.entries == ["a:1", "b:1", "c:99", "b:99", "a:99"])
    #expect([a.value, b.value, c.value] == [99, 99, 99])
    #expect(trace.bindingRecords.contains { $0.kind == .deferred && $0.member == "c" })
  }

  @Test("rule 35: observers that keep overriding each other stop at the round limit")
  func runawayRewritesStopAtRoundLimit() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    let c = Property(0, name: "c")
    let trace = TraceLog()
    bind([a, b, c], tracer: trace)
    b.observe { _, new in c.value = new + 1 }
    a.value = 1
    let rounds = trace.bindingRecords.filter { $0.kind == .deferred }.count
    #expect(rounds == BindingGroup<Int>.roundLimit)
    #expect(trace.bindingRecords.contains { $0.kind == .roundLimit })
  }

  @Test("rule 34: an observer that keeps writing its own property through a binding stops")
  func selfRewritingThroughABindingStops() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    bind([a, b])
    b.observe { _, new in a.value = new + 1 }
    let node = Node("writer")
    node.on(EventKey<Int>("set")) { _, value in a.value = value }
    let outcome = node.post(EventKey<Int>("set"), 1)
    #expect(a.value == ReentryGuard.nestingLimit + 1)
    #expect(b.value == ReentryGuard.nestingLimit)
    #expect(
      outcome.errors.contains {
        ($0 as? ChainError) == .writeLoop(name: "a", rounds: ReentryGuard.nestingLimit)
      })
  }

  @Test("an observer that unbinds during propagation stops the rest of the change")
  func unbindingDuringPropagationStops() {
    let a = Property(0)
    let b = Property(0)
    let c = Property(0)
    var token: Subscription?
    b.observe { _, _ in token?.cancel() }
    token = bind([a, b, c])
    a.value = 1
    #expect([a.value, b.value, c.value] == [1, 1, 0])
  }
}
