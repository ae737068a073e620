import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-bubbles-false.html", .leakChecked)
@MainActor
struct EventDispatchBubblesFalseTests {
  @Test("Event.dispatchEvent with Event.bubbles set to false: capture, then the target twice")
  func nonBubblingEventStopsAtTarget() throws {
    let page = try TableDocument()
    let click = EventKey<Void>("click", bubbles: false)
    let recorder = Recorder()
    for node in page.chain {
      node.on(click, capture: true) { ctx, _ in recorder.visit(ctx) }
      node.on(click) { ctx, _ in recorder.visit(ctx) }
    }
    page.target.post(click)
    let ancestors = page.chain.dropLast().map { "\($0.name):capture" }
    #expect(recorder.entries == ancestors + ["target:target", "target:target"])
  }
}
