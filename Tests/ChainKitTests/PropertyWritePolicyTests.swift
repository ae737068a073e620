import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// Rule 34: an observer that writes its own property (or a hook's observer that calls the hook)
/// never recurses without bound: the write is stored at once and notified after the current
/// round; endless rounds stop with ``ChainError/writeLoop(name:rounds:)``.
@Suite("Property writes from inside their own notification (rule 34)", .leakChecked)
@MainActor
struct PropertyWritePolicyTests {
  @Test("rule 34: an observer that writes its own property the value it heard stops at once")
  func selfWriteOfTheSameValue() {
    let p = Property(0)
    var calls = 0
    p.observe { [unowned p] _, new in
      calls += 1
      p.value = new
    }
    p.value = 1
    #expect(p.value == 1)
    #expect(calls == 1)
  }

  @Test("rule 34: a write from inside the round is stored at once and notified after the round")
  func selfWriteIsDeferredToTheNextRound() {
    let p = Property(0, name: "p")
    var log: [String] = []
    p.observe { [unowned p] old, new in
      log.append("first \(old)->\(new)")
      if new == 1 {
        p.value = 2
        log.append("reads \(p.value)")
      }
    }
    p.observe { old, new in log.append("second \(old)->\(new)") }
    p.value = 1
    #expect(
      log == ["first 0->1", "reads 2", "second 0->1", "first 1->2", "second 1->2"])
  }

  @Test("rule 34: several writes in one round coalesce; the last value wins")
  func deferredWritesCoalesce() {
    let p = Property(0)
    var log: [String] = []
    p.observe { [unowned p] old, new in
      log.append("\(old)->\(new)")
      if new == 1 {
        p.value = 5
        p.value = 6
      }
    }
    p.value = 1
    #expect(log == ["0->1", "1->6"])
  }

  @Test("rule 34: an observer that keeps writing new values stops after the limit, no crash")
  func endlessSelfWritesStop() {
    let p = Property(0, name: "counter")
    var calls = 0
    p.observe { [unowned p] _, new in
      calls += 1
      p.value = new + 1
    }
    let node = Node("writer")
    node.on(Keys.ping) { [unowned p] _, value in p.value = value }
    let outcome = node.post(Keys.ping, 1)
    #expect(calls == ReentryGuard.nestingLimit)
    #expect(p.value == ReentryGuard.nestingLimit + 1)
    #expect(
      outcome.errors.contains {
        ($0 as? ChainError) == .writeLoop(name: "counter", rounds: ReentryGuard.nestingLimit)
      })
    // The next write notifies normally.
    calls = 0
    p.setSilently(0)
    let quiet = Property(0)
    var quietCalls = 0
    quiet.observe { _, _ in quietCalls += 1 }
    quiet.value = 1
    #expect(quietCalls == 1)
  }

  @Test("rule 36: a hook whose observer calls the hook stops after the limit, no crash")
  func hookObserverCallingItsHook() {
    let hook = Hook<Int, Int>(name: "twice") { $0 * 2 }
    var calls: [Int] = []
    hook.observe { [unowned hook] args, _ in
      calls.append(args)
      hook(args + 1)
    }
    let result = hook(1)
    #expect(result == 2)
    #expect(calls.count == ReentryGuard.nestingLimit)
    #expect(calls.prefix(3) == [1, 2, 3])
  }

  @Test("rule 36: a call from inside the hook's notification returns its result at once")
  func nestedHookCallReturnsAtOnce() {
    let hook = Hook<Int, Int>(name: "square") { $0 * $0 }
    var log: [String] = []
    hook.observe { [unowned hook] args, result in
      log.append("\(args)=\(result)")
      if args == 2 { log.append("nested \(hook(3))") }
    }
    hook(2)
    #expect(log == ["2=4", "nested 9", "3=9"])
  }

  @Test("rule 35: an observer's write to another member is never overwritten by the older change")
  func observersNewerWriteWins() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    bind([a, b])
    a.observe { _, new in if new == 1 { b.value = 10 } }
    a.value = 1
    #expect(a.value == 10)
    #expect(b.value == 10)
  }

  @Test("rule 35: the same holds when the binding is traced")
  func observersNewerWriteWinsTraced() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    let trace = TraceLog()
    bind([a, b], tracer: trace)
    a.observe { _, new in if new == 1 { b.value = 10 } }
    a.value = 1
    #expect([a.value, b.value] == [10, 10])
  }
}
