import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-reenter.html", .leakChecked)
@MainActor
struct EventDispatchReenterTests {
  /// A nested dispatch runs to completion before the outer one goes on.
  ///
  /// `foo` does not bubble and every node captures it; at `table`, its listener posts `bar`
  /// (which bubbles) to the target. `bar` runs to completion before `foo` goes on.
  @Test("Dispatch additional events inside an event listener")
  func nestedDispatchRunsToCompletionFirst() throws {
    let page = try TableDocument()
    let foo = EventKey<Void>("foo", bubbles: false)
    let bar = EventKey<Void>("bar")
    var seen: [String] = []
    for node in page.chain {
      node.on(foo, capture: true) { [weak target = page.target] ctx, _ in
        seen.append("\(ctx.currentName) foo")
        if ctx.currentName == "table" { target?.post(bar) }
      }
      node.on(bar) { ctx, _ in seen.append("\(ctx.currentName) bar") }
    }
    page.target.post(foo)
    #expect(
      seen == [
        "window foo", "document foo", "html foo", "body foo", "table foo",
        "target bar", "parent bar", "tbody bar", "table bar", "body bar", "html bar",
        "document bar", "window bar",
        "tbody foo", "parent foo", "target foo",
      ])
  }
}
