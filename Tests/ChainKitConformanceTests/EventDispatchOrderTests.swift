import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-order.html", .leakChecked)
@MainActor
struct EventDispatchOrderTests {
  @Test("Event phases order: parent capture, child, parent bubble")
  func eventPhasesOrder() throws {
    let parent = Node("parent")
    let child = Node("child")
    try child.mount(at: parent)
    let click = EventKey<Void>("click")
    var order: [Int] = []
    parent.on(click, capture: true) { _, _ in order.append(1) }
    child.on(click) { _, _ in order.append(2) }
    parent.on(click) { _, _ in order.append(3) }
    child.post(click)
    #expect(order == [1, 2, 3])
  }
}
