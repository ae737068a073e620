import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-detached-click.html", .leakChecked)
@MainActor
struct EventDispatchDetachedClickTests {
  @Test("Click event can be dispatched to an element that is not in the document")
  func nodeInNoTreeHearsItsOwnEvent() {
    let element = Node("somerandomelement")
    let click = EventKey<Void>("click")
    var heardTarget: String?
    element.on(click, capture: true) { ctx, _ in heardTarget = ctx.targetName }
    element.post(click)
    #expect(heardTarget == "somerandomelement")
  }
}
