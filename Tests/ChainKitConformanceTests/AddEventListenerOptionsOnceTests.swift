import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/AddEventListenerOptions-once.any.js", .leakChecked)
@MainActor
struct AddEventListenerOptionsOnceTests {
  let test = EventKey<Void>("test")

  @Test("Once listener should be invoked only once")
  func onceListenerRunsOnce() {
    let target = Node("et")
    var once = 0
    var normal = 0
    target.once(test) { _, _ in once += 1 }
    let normalToken = target.on(test) { _, _ in normal += 1 }
    target.post(test)
    #expect(once == 1 && normal == 1)
    target.post(test)
    #expect(once == 1 && normal == 2)
    normalToken.cancel()
  }

  @Test("Once listener should be invoked only once even if the event is nested")
  func onceListenerRunsOnceWhenNested() {
    let target = Node("et")
    var count = 0
    target.once(test) { [weak target, test] _, _ in
      count += 1
      if count == 1 { target?.post(test) }
    }
    target.post(test)
    #expect(count == 1)

    count = 0
    weak let weakTarget = target
    func handler2(_ ctx: inout EventContext, _: Void) {
      count += 1
      if count == 1 { weakTarget?.once(test, handler2) }
      if count <= 2 { weakTarget?.post(test) }
    }
    target.once(test, handler2)
    target.post(test)
    #expect(count == 2)
  }

  /// The DOM part about adding the same function twice has no counterpart (closures have no
  /// identity); a once listener cancelled before the event is removed like any other.
  @Test("Once listener should be added / removed like normal listeners")
  func onceListenerCancelsLikeOthers() {
    let target = Node("et")
    var count = 0
    let token = target.once(test) { _, _ in count += 1 }
    token.cancel()
    target.post(test)
    #expect(count == 0)
    #expect(target.registrationCount == 0)
  }

  @Test("Multiple once listeners should be invoked even if the stopImmediatePropagation is set")
  func onceListenersEachRunDespiteImmediateStop() {
    let target = Node("et")
    var count = 0
    for _ in 0..<4 {
      target.once(test) { ctx, _ in
        count += 1
        ctx.stopImmediatePropagation()
      }
    }
    for _ in 0..<4 { target.post(test) }
    #expect(count == 4)
  }
}
