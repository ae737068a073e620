import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-handlers-changed.html", .leakChecked)
@MainActor
struct EventDispatchHandlersChangedTests {
  /// Handlers replaced and added during dispatch run only where the DOM runs them.
  ///
  /// Each node has capture handler 0 and bubble handler 1. Outside the bubble phase, a handler
  /// replaces the node's capture handler 0 by a capture handler 2; outside the capture phase, it
  /// adds a bubble handler 3. Handlers added at a node already passed do not run; at the target,
  /// handler 3, added during the capture pass, runs in the bubble pass (the listener list is
  /// copied again for it).
  @Test("Dispatch additional events inside an event listener: handlers changed during dispatch")
  func handlersChangedDuringDispatch() throws {
    let document = try TableDocument()
    let bar = EventKey<Void>("bar")
    var targets: [String] = []
    var listeners: [Int] = []
    var captureZero: [String: Subscription] = [:]
    var state: [String: Int] = [:]

    func handler(_ index: Int) -> @MainActor (inout EventContext, Void) -> Void {
      { ctx, _ in
        let name = ctx.currentName
        targets.append(name)
        listeners.append(index)
        guard let node = ctx.currentNode else { return }
        if ctx.phase != .bubble, state[name] != 1 {
          captureZero[name]?.cancel()
          node.on(bar, capture: true, handler(2))
          state[name] = 1
        }
        if ctx.phase != .capture, state[name] != 3 {
          node.on(bar, handler(3))
          state[name] = 3
        }
      }
    }
    for node in document.chain {
      captureZero[node.name] = node.on(bar, capture: true, handler(0))
      node.on(bar, handler(1))
    }
    document.target.post(bar)

    let chain = document.chain.map(\.name)
    #expect(targets == chain + ["target", "target"] + chain.dropLast().reversed())
    #expect(listeners == [0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 1, 1, 1, 1, 1, 1, 1])
  }
}
