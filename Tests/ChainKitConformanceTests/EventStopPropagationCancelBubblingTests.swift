import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-stopPropagation-cancel-bubbling.html", .leakChecked)
@MainActor
struct EventStopPropagationCancelBubblingTests {
  @Test("stopPropagation in a target's capture listener cancels its bubble listener")
  func captureStopAtTargetCancelsBubbleListener() {
    let element = Node("div")
    let click = EventKey<Void>("click")
    var bubbleRan = false
    element.on(click, capture: true) { ctx, _ in ctx.stopPropagation() }
    element.on(click) { _, _ in bubbleRan = true }
    let outcome = element.post(click)
    #expect(!bubbleRan)
    #expect(outcome.isStopped)
  }
}
