import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/EventTarget-add-remove-listener.any.js", .leakChecked)
@MainActor
struct EventTargetAddRemoveListenerTests {
  @Test("Removing an event listener without explicit capture arg should succeed")
  func cancelledListenerNoLongerPrevents() {
    let target = Node("et")
    let x = EventKey<Void>("x")
    let token = target.on(x) { ctx, _ in ctx.preventDefault() }
    #expect(target.post(x).isPrevented)
    token.cancel()
    #expect(!target.post(x).isPrevented)
  }
}
