import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-target-removed.html", .leakChecked)
@MainActor
struct EventDispatchTargetRemovedTests {
  /// The first listener unmounts the target from `parent`; the event still goes the whole way.
  @Test("Event propagation path when an element in it is removed from the DOM")
  func pathIsFixedWhenTheTargetIsRemoved() throws {
    let page = try TableDocument()
    let foo = EventKey<Void>("foo")
    let recorder = Recorder()
    let remove: @MainActor (inout EventContext, Void) -> Void = {
      [weak target = page.target, weak parent = page.parent] ctx, _ in
      if let target, let parent { target.unmount(from: parent) }
      recorder.visit(ctx)
    }
    for node in page.chain {
      node.on(foo, capture: true, remove)
      node.on(foo, remove)
    }
    page.target.post(foo)
    #expect(recorder.entries == page.fullDispatch)
    #expect(page.target.pathNames == ["target"])
  }
}
