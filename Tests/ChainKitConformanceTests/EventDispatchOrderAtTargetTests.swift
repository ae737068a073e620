import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-order-at-target.html", .leakChecked)
@MainActor
struct EventDispatchOrderAtTargetTests {
  @Test(
    "Listeners are invoked in correct order (AT_TARGET phase): capturing first",
    arguments: [true, false])
  func captureListenersRunFirstAtTarget(bubbles: Bool) {
    let element = Node("div")
    let click = EventKey<Void>("click", bubbles: bubbles)
    var order: [String] = []
    var phases: [Phase] = []
    element.on(click) { ctx, _ in
      phases.append(ctx.phase)
      order.append("bubbling")
    }
    element.on(click, capture: true) { ctx, _ in
      phases.append(ctx.phase)
      order.append("capturing")
    }
    element.post(click)
    #expect(order == ["capturing", "bubbling"])
    #expect(phases == [.target, .target])
  }
}
