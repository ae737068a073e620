import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-stopImmediatePropagation.any.js", .leakChecked)
@MainActor
struct EventStopImmediatePropagationTests {
  @Test("Event's stopImmediatePropagation: the second listener is not called")
  func secondListenerIsNotCalled() {
    let target = Node("et")
    let test = EventKey<Void>("test")
    var timesCalled = 0
    var flagSet = false
    target.on(test) { ctx, _ in
      timesCalled += 1
      ctx.stopImmediatePropagation()
      flagSet = ctx.isPropagationStopped
    }
    target.on(test) { _, _ in timesCalled += 1 }
    let outcome = target.post(test)
    #expect(timesCalled == 1)
    #expect(flagSet)
    #expect(outcome.isStopped)
  }
}
