import ChainEvents
import Testing

// The Domino rows of ChainKit.docc/PortingGuide.md, in its two Swift blocks, line for line
// (DocExampleCoverageTests holds them to the guide). `ContentViewControllerEvents` is the
// protocol of ProtocolEventsArticle.swift.

@MainActor
final class StatisticsManager: ContentViewControllerEvents {
  let node = Node("StatisticsManager")
  private(set) var heard: [Int] = []

  func subscribeToAll() {
    node.subscribe(ContentViewControllerEvents.Event.self, target: self)
  }

  func subscribeToOne() {
    node.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg, target: self) { me, ctx, arg in
      me.contentDidLoadWithArg(arg)
    }
  }

  func contentDidLoadWithArg(_ arg: Int) { heard.append(arg) }
}

@MainActor
@Suite("The Porting Guide's Domino rows, run as written")
struct PortingGuideDominoTests {
  @Test("the named event, the trigger, the generated key, the interceptor and the request")
  func rows() throws {
    var printed: [String] = []
    func print(_ line: String) { printed.append(line) }
    let containerNode = Node("ContainerViewController")
    let managerNode = Node("ManagerViewController")
    let node = Node("ContentViewController")
    try managerNode.mount(at: containerNode)
    try node.mount(at: managerNode)

    containerNode.on("Statistics") { ctx, params in print(params["msg", as: String.self] ?? "") }
    node.post("Statistics", ["msg": "did load"])  // prints "did load"

    containerNode.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { ctx, arg in
      print("heard \(arg)")
    }
    node.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(12)  // "heard 12"
    node.post(ContentViewControllerEvents.Keys.contentDidLoadWithArg, 12)  // the same: "heard 12"

    managerNode.intercept(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { ctx, arg in
      arg = 333
    }
    node.post(ContentViewControllerEvents.Keys.contentDidLoadWithArg, 12)  // "heard 333"

    containerNode.respond(to: ContentViewControllerEvents.Keys.fetchChannelID) { ctx, _ in "42" }
    let id = node.trigger(ContentViewControllerEvents.Event.self).fetchChannelID()  // "42"
    let sameID = node.request(ContentViewControllerEvents.Keys.fetchChannelID)  // "42"

    #expect(printed == ["did load", "heard 12", "heard 12", "heard 333"])
    #expect(id == "42")
    #expect(sameID == "42")
  }

  @Test("the key the guide names is the key the trigger posts; a hand-written one is not")
  func generatedKeyIsTheTriggersKey() {
    let node = Node("ContentViewController")
    var heard: [String] = []
    node.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { _, arg in
      heard.append("generated \(arg)")
    }
    let handWritten = EventKey<Int>("contentDidLoadWithArg:")
    node.on(handWritten) { _, arg in heard.append("hand-written \(arg)") }
    node.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(12)
    #expect(heard == ["generated 12"])
    #expect(
      ContentViewControllerEvents.Keys.contentDidLoadWithArg.name
        == "ContentViewControllerEvents.contentDidLoadWithArg(_:)")
  }

  @Test("an implementing object hears the trigger through subscribe and through one key")
  func subscriber() throws {
    let content = Node("ContentViewController")
    let all = StatisticsManager()
    let one = StatisticsManager()
    all.subscribeToAll()
    one.subscribeToOne()
    try content.mount(at: all.node)
    content.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(7)
    content.unmountFromAll()
    try content.mount(at: one.node)
    content.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(8)
    #expect(all.heard == [7])
    #expect(one.heard == [8])
  }
}
