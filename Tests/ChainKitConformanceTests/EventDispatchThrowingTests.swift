import ChainKit
import ChainKitTestSupport
import Testing

/// The DOM reports a listener's exception to `window.onerror`; ChainKit puts it in the outcome.
@Suite("WPT dom/events/Event-dispatch-throwing.html", .leakChecked)
@MainActor
struct EventDispatchThrowingTests {
  let click = EventKey<Void>("click")

  @Test("Throwing in event listener with a single listeners")
  func singleThrowingListenerIsReportedOnce() {
    let element = Node("div")
    element.on(click) { _, _ in throw ListenerFailure() }
    let outcome = element.post(click)
    #expect(outcome.errors.count == 1)
    #expect(outcome.listenersRun == 1)
  }

  @Test("Throwing in event listener with multiple listeners")
  func throwingListenerDoesNotStopTheNext() {
    let element = Node("div")
    var secondCalled = false
    element.on(click) { _, _ in throw ListenerFailure() }
    element.on(click) { _, _ in secondCalled = true }
    let outcome = element.post(click)
    #expect(outcome.errors.count == 1)
    #expect(secondCalled)
  }
}
