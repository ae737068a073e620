import ChainKit
import ChainKitTestSupport
import Testing

@Suite("WPT dom/events/Event-dispatch-omitted-capture.html", .leakChecked)
@MainActor
struct EventDispatchOmittedCaptureTests {
  @Test("EventTarget.addEventListener with the capture argument omitted: bubble listeners")
  func omittedCaptureMeansBubble() throws {
    let page = try TableDocument()
    let foo = EventKey<Void>("foo")
    let recorder = Recorder()
    let tokens = page.chain.map { node in node.on(foo) { ctx, _ in recorder.visit(ctx) } }
    page.target.post(foo)
    for token in tokens { token.cancel() }
    page.target.post(foo)
    let expected =
      ["target:target"] + page.chain.dropLast().reversed().map { "\($0.name):bubble" }
    #expect(recorder.entries == expected)
  }
}
