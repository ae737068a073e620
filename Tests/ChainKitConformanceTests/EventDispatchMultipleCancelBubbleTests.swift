import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-multiple-cancelBubble.html", .leakChecked)
@MainActor
struct EventDispatchMultipleCancelBubbleTests {
  /// ChainKit has no `cancelBubble` setter; in the DOM, setting it to `true` is
  /// `stopPropagation()`, which is what this port calls.
  @Test("Multiple dispatchEvent() and cancelBubble: a stop does not outlive its dispatch")
  func cancelBubbleDoesNotCarryIntoTheNextDispatch() throws {
    try expectStopEndsOnlyItsDispatch { ctx in ctx.stopPropagation() }
  }
}
