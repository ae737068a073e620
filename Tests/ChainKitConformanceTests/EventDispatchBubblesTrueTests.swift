import ChainKit
import ChainKitTestSupport
import Testing

/// Only the first case applies: the others repeat it in cloned or new documents.
@Suite("WPT dom/events/Event-dispatch-bubbles-true.html", .leakChecked)
@MainActor
struct EventDispatchBubblesTrueTests {
  @Test("In window.document with click event: capture down, the target twice, bubble up")
  func bubblingEventGoesDownAndBackUp() throws {
    let page = try TableDocument()
    let click = EventKey<Void>("click")
    let recorder = Recorder()
    for node in page.chain {
      node.on(click, capture: true) { ctx, _ in recorder.visit(ctx) }
      node.on(click) { ctx, _ in recorder.visit(ctx) }
    }
    page.target.post(click)
    #expect(recorder.entries == page.fullDispatch)
  }
}
