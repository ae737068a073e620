import ChainKitTestSupport
import Testing

@testable import ChainKit

/// Domino's README, as a test: ContentViewController -> ContainerViewController ->
/// RootViewController, with a manager object mounted into the chain.
@Suite("Domino's README scenario", .leakChecked)
@MainActor
struct DominoScenarioTests {
  /// Domino's `ContentViewControllerEvents` protocol, as typed keys.
  enum ContentEvents {
    static let statistics = EventKey<Params>("ContentViewControllerStatisticsEvent")
    static let didLoadWithArg = EventKey<Int>("contentDidLoadWithArg:")
    static let didLoadWithArgs = EventKey<DidLoad>("contentDidLoadWithArg1:arg2:")
    static let fetchChannelID = RequestKey<Void, String>("fetchChannelId")
  }

  struct DidLoad: Sendable, Equatable {
    var arg1: String
    var arg2: Int
  }

  @MainActor final class ViewController {
    let node: Node
    let log: Log
    init(_ name: String, log: Log) {
      node = Node(name)
      self.log = log
    }
    func contentDidLoad(_ arg: Int) { log.add("\(node.name) - contentDidLoad \(arg)") }
  }

  @Test("a simple event, a selector event, an interceptor, a request and a mounted manager")
  func dominoReadme() throws {
    let log = Log()
    let root = ViewController("RootViewController", log: log)
    let container = ViewController("ContainerViewController", log: log)
    let content = ViewController("ContentViewController", log: log)
    let manager = Node("DDDManager")
    try container.node.mount(at: root.node)
    try content.node.mount(at: container.node)
    // `[dddManager.domino mountAtDomino:contentVC.domino]`
    try manager.mount(at: content.node)

    // The container subscribes with a target (Domino's selector subscription).
    container.node.on(ContentEvents.didLoadWithArg, target: container) { vc, _, arg in
      vc.contentDidLoad(arg)
    }
    container.node.on(ContentEvents.statistics) { _, params in
      log.add("[statistics] \(params)")
    }
    // `reformDominoParams:forSelectorEvent:` rewrites the params in flight.
    container.node.intercept(ContentEvents.didLoadWithArgs) { _, args in
      args = DidLoad(arg1: "hook!!!", arg2: 333)
    }
    root.node.on(ContentEvents.didLoadWithArgs) { _, args in
      log.add("root - contentDidLoad \(args.arg1) \(args.arg2)")
    }
    // A selector event with a return value: answered by the nearest ancestor that knows.
    container.node.respond(to: ContentEvents.fetchChannelID) { _, _ in "channel-42" }
    root.node.respond(to: ContentEvents.fetchChannelID) { _, _ in "root-channel" }

    content.node.post(ContentEvents.didLoadWithArg, 12)
    content.node.post(ContentEvents.statistics, ["msg": "did load"])
    content.node.post(ContentEvents.didLoadWithArgs, DidLoad(arg1: "a", arg2: 1))
    // The manager, mounted below the content controller, reaches the whole chain.
    manager.post(ContentEvents.didLoadWithArg, 7)

    #expect(content.node.request(ContentEvents.fetchChannelID) == "channel-42")
    #expect(manager.request(ContentEvents.fetchChannelID) == "channel-42")
    #expect(root.node.request(ContentEvents.fetchChannelID) == "root-channel")
    #expect(
      log.entries == [
        "ContainerViewController - contentDidLoad 12",
        "[statistics] [msg: did load]",
        "root - contentDidLoad hook!!! 333",
        "ContainerViewController - contentDidLoad 7",
      ])
  }

  @Test("the chain causes no retain cycle: nobody unmounts in deinit")
  func noRetainCycle() throws {
    weak var weakManager: Node?
    let content = Node("ContentViewController")
    do {
      let manager = Node("DDDManager")
      weakManager = manager
      try manager.mount(at: content)
      manager.on(ContentEvents.didLoadWithArg) { _, _ in }
    }
    #expect(weakManager == nil)
    #expect(content.children.isEmpty)
  }
}
