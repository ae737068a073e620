import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-multiple-stopPropagation.html", .leakChecked)
@MainActor
struct EventDispatchMultipleStopPropagationTests {
  @Test("Multiple dispatchEvent() and stopPropagation(): a stop does not outlive its dispatch")
  func stopDoesNotCarryIntoTheNextDispatch() throws {
    try expectStopEndsOnlyItsDispatch { ctx in ctx.stopPropagation() }
  }
}

/// Shared with Event-dispatch-multiple-cancelBubble.html: `parent` stops each event it hears;
/// posting to target, then to parent, then to document.
@MainActor
func expectStopEndsOnlyItsDispatch(
  stop: @escaping @MainActor (inout EventContext) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let page = try TableDocument()
  let foo = EventKey<Void>("foo")
  var seen: [String] = []
  for node in [page.target, page.parent, page.document, page.window] {
    node.on(foo) { ctx, _ in
      seen.append(ctx.currentName)
      if ctx.currentName == "parent" { stop(&ctx) }
    }
  }
  page.target.post(foo)
  #expect(seen == ["target", "parent"], sourceLocation: sourceLocation)
  seen = []
  page.parent.post(foo)
  #expect(seen == ["parent"], sourceLocation: sourceLocation)
  seen = []
  page.document.post(foo)
  #expect(seen == ["document", "window"], sourceLocation: sourceLocation)
}
