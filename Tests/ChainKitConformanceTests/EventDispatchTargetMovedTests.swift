import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-target-moved.html", .leakChecked)
@MainActor
struct EventDispatchTargetMovedTests {
  /// The first listener moves the target from `parent` to `table-row`; the path was computed
  /// before any listener ran, so the event still goes through `parent`.
  @Test("Event propagation path when an element in it is moved within the DOM")
  func pathIsFixedWhenTheTargetMoves() throws {
    let page = try TableDocument()
    let foo = EventKey<Void>("foo")
    let recorder = Recorder()
    let move: @MainActor (inout EventContext, Void) -> Void = {
      [weak target = page.target, weak parent = page.parent, weak row = page.tableRow] ctx, _ in
      if let target, let parent, let row, target.parents.contains(where: { $0 === parent }) {
        target.unmount(from: parent)
        try? target.mount(at: row)
      }
      recorder.visit(ctx)
    }
    for node in page.chain {
      node.on(foo, capture: true, move)
      node.on(foo, move)
    }
    page.target.post(foo)
    #expect(recorder.entries == page.fullDispatch)
    #expect(page.target.pathNames.contains("table-row"))
    #expect(!page.target.pathNames.contains("parent"))
  }
}
