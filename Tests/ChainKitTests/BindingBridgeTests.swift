import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@MainActor
@Suite("Binding: bridges and tracing", .leakChecked)
struct BindingBridgeTests {
  @Test("a property posts an event from its node on each change, and nothing for an equal value")
  func propertyPostsItsChanges() {
    let node = Node("form")
    let name = Property("")
    var heard: [String] = []
    node.on(EventKey<String>("nameChanged")) { _, value in heard.append(value) }
    name.post(on: node, EventKey<String>("nameChanged"))
    name.value = "json"
    name.value = "json"
    name.value = "GCD"
    #expect(heard == ["json", "GCD"])
  }

  @Test("rule 37: a tracer installed on a binding sees each update with old and new values")
  func tracerSeesBindingUpdates() {
    let a = Property(1, name: "a")
    let b = Property(0, name: "b")
    let log = TraceLog()
    bind([a, b], name: "pair", tracer: log)
    a.value = 2
    let updates = log.bindingRecords.filter { $0.kind == .update }
    #expect(
      updates.map { "\($0.group) \($0.member) \($0.old ?? "-")->\($0.new ?? "-")" } == [
        "pair b 0->1", "pair b 1->2",
      ])
  }

  @Test("a property shares its value down a subtree, now and on each change; cancel removes it")
  func propertySharesDownASubtree() throws {
    let post = Node("post")
    let photo = Node("photo")
    try photo.mount(at: post)
    let key = DataKey<String>("photo.caption")
    let caption = Property("sunset")
    var seen: [String] = []
    photo.subscribe(key) { seen.append($0 ?? "none") }
    let bridge = caption.share(on: post, as: key)
    caption.value = "sunrise"
    caption.value = "sunrise"
    #expect(photo.value(for: key) == "sunrise")
    bridge.cancel()
    caption.value = "noon"
    #expect(seen == ["sunset", "sunrise", "none"])
    #expect(photo.value(for: key) == nil)
    #expect(!bridge.isActive)
  }
}
