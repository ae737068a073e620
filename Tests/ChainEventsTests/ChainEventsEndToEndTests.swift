import ChainEvents
import Testing

/// `@ChainEvents` used as a package that depends on the ChainEvents product uses it.
@Suite("@ChainEvents, end to end")
@MainActor
struct ChainEventsEndToEndTests {
  @Test("a trigger posts, a subscribed object hears it, and a request gets its answer")
  func triggerAndSubscribe() throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let target = Container(log: log)
    let token = container.subscribe(ContentEvents.Event.self, target: target)

    let outcome = content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 2)
    let channel = content.trigger(ContentEvents.Event.self).fetchChannelID()

    #expect(log.entries == ["container heard x 2"])
    #expect(outcome.listenersRun == 1)
    #expect(channel == "channel-42")
    token.cancel()
    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "y", arg2: 3)
    #expect(log.entries == ["container heard x 2"])
    #expect(content.trigger(ContentEvents.Event.self).fetchChannelID() == nil)
  }

  @Test("a @Sendable closure goes through the trigger to the subscriber, which runs it")
  func closureArguments() throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let worker = Worker(log: log)
    container.subscribe(WorkEvents.Event.self, target: worker)

    content.trigger(WorkEvents.Event.self).run { 7 }
    content.trigger(WorkEvents.Event.self).runBoth(first: { 1 }, then: { 2 })

    #expect(log.entries == ["ran 7", "ran 1 then 2"])
  }

  @Test("arguments labelled or named with keywords go through the trigger to the subscriber")
  func keywordArguments() throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let grid = Grid(log: log)
    container.subscribe(GridEvents.Event.self, target: grid)

    content.trigger(GridEvents.Event.self).cell(for: 3, in: 1)
    let picked = content.trigger(GridEvents.Event.self).pick(7, in: 2)
    content.trigger(GridEvents.Event.self).mark(as: "done")

    #expect(log.entries == ["cell 3 in 1", "marked done"])
    #expect(picked == "picked 7 in 2")
    #expect(GridEvents.Keys.cell.name == "GridEvents.cell(for:in:)")
  }

  @Test("the trigger posts what node.post posts: same key, same payload, named for the trace")
  func triggerIsPost() {
    let node = Node("node")
    var heard: [String] = []
    node.on(ContentEvents.Keys.contentDidLoad) { _, payload in
      heard.append("\(payload.arg1) \(payload.arg2)")
    }
    node.post(ContentEvents.Keys.contentDidLoad, .init(arg1: "by hand", arg2: 1))
    node.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "by trigger", arg2: 2)
    #expect(heard == ["by hand 1", "by trigger 2"])
    #expect(ContentEvents.Keys.contentDidLoad.name == "ContentEvents.contentDidLoad(arg1:arg2:)")
    #expect(ContentEvents.Keys.fetchChannelID.name == "ContentEvents.fetchChannelID()")
    #expect(
      ContainerEvents.Keys.contentDidLoadWithArg.name == "ContainerEvents.contentDidLoadWithArg(_:)"
    )
  }

  @Test("an interceptor sees every event of the protocol as a case and rewrites its arguments")
  func interceptWholeProtocol() throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let target = Container(log: log)
    container.subscribe(ContentEvents.Event.self, target: target)
    var seen: [String] = []
    content.intercept(ContentEvents.Event.self) { _, event in
      seen.append("\(event)")
      if case .contentDidLoad = event { event = .contentDidLoad(arg1: "hook!!!", arg2: 333) }
    }

    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 2)
    _ = content.trigger(ContentEvents.Event.self).fetchChannelID()

    #expect(log.entries == ["container heard hook!!! 333"])
    #expect(seen == ["contentDidLoad(arg1: \"x\", arg2: 2)", "fetchChannelID"])
  }

  @Test("an interceptor that changes the event's case is refused with a located error")
  func interceptChangingCase() {
    let node = Node("node")
    var heard: [Int] = []
    node.on(ContainerEvents.Keys.contentDidLoadWithArg) { _, arg in heard.append(arg) }
    node.intercept(ContainerEvents.Event.self) { _, event in event = .refresh }

    let outcome = node.trigger(ContainerEvents.Event.self).contentDidLoadWithArg(7)

    #expect(heard == [7])
    #expect(
      outcome.errors.map { "\($0)" } == [
        "node (target) ContainerEvents.contentDidLoadWithArg(_:): an interceptor of "
          + "ContainerEvents.contentDidLoadWithArg(_:) changed it to refresh: "
          + "rewrite its arguments, not its case"
      ])
  }

  @Test("methods left to their defaults decline: an optional request goes on up the chain")
  func defaultsDecline() throws {
    let log = Log()
    let root = Node("root")
    let container = Node("container")
    let content = Node("content")
    try container.mount(at: root)
    try content.mount(at: container)
    let partial = PartialSubscriber(log: log)
    container.subscribe(ContainerEvents.Event.self, target: partial)
    root.respond(to: ContainerEvents.Keys.channelName) { _, id in "name of \(id)" }

    content.trigger(ContainerEvents.Event.self).contentDidLoadWithArg(12)
    let name = content.trigger(ContainerEvents.Event.self).channelName(for: "7")

    #expect(log.entries == ["partial heard 12"])
    #expect(name == "name of 7")
  }

  @Test("a subscription dies with its target, and per-method listeners take the payload")
  func targetLifetime() {
    let log = Log()
    let node = Node("node")
    var target: Container? = Container(log: log)
    let token = node.subscribe(ContentEvents.Event.self, target: target ?? Container(log: log))
    var perMethod: [Int] = []
    node.on(ContentEvents.Keys.contentDidLoad) { _, payload in perMethod.append(payload.arg2) }

    target = nil

    #expect(!token.isActive)
    let outcome = node.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 5)
    #expect(outcome.listenersRun == 1)
    #expect(perMethod == [5])
    #expect(node.trigger(ContentEvents.Event.self).fetchChannelID() == nil)
    #expect(log.entries.isEmpty)
  }

  @Test("an async method is an async request: the trigger awaits the subscriber's answer")
  func asyncRequest() async throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    var partial: PartialSubscriber? = PartialSubscriber(log: log)
    let token = container.subscribe(ContainerEvents.Event.self, target: try #require(partial))

    let logo = try await content.trigger(ContainerEvents.Event.self).channelLogo(for: "7")

    #expect(logo == "logo of 7")
    #expect(ContainerEvents.Keys.channelLogo.name == "ContainerEvents.channelLogo(for:)")
    partial = nil
    #expect(!token.isActive)
    #expect(try await content.trigger(ContainerEvents.Event.self).channelLogo(for: "7") == nil)
  }
}
