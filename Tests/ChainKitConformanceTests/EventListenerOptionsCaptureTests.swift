import ChainKit
import ChainKitTestSupport
import Testing

/// Only the boolean part applies: ChainKit's `capture:` is a `Bool`, not a JavaScript value.
@Suite("WPT dom/events/EventListenerOptions-capture.html", .leakChecked)
@MainActor
struct EventListenerOptionsCaptureTests {
  @Test("Capture boolean should be honored correctly", arguments: [true, false])
  func captureFlagChoosesThePhase(capture: Bool) throws {
    let document = Node("document")
    let body = Node("body")
    try body.mount(at: document)
    let test = EventKey<Void>("test")
    var phases: [Phase] = []
    let token = document.on(test, capture: capture) { ctx, _ in phases.append(ctx.phase) }
    body.post(test)
    token.cancel()
    body.post(test)
    #expect(phases == [capture ? .capture : .bubble])
  }
}
