import ChainEvents
import Testing

/// The README's protocol-events lines, run as written (DocExampleCoverageTests holds them to the
/// README; the protocol is in ContentEvents.swift).
@MainActor
@Suite("README protocol events")
struct ReadmeProtocolEventsTests {
  @Test("the trigger posts, the subscriber hears, the interceptor sees every method")
  func triggerSubscribeIntercept() throws {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }
    let log = Log()
    let containerController = Container(log: log)
    let root = Node("root")
    let container = Node("container")
    let content = Node("content")
    try container.mount(at: root)
    try content.mount(at: container)

    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 2)  // an Outcome
    container.subscribe(ContentEvents.Event.self, target: containerController)  // one token
    root.intercept(ContentEvents.Event.self) { ctx, event in print(event) }  // every method

    let outcome = content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "y", arg2: 3)
    #expect(outcome.listenersRun == 1)
    #expect(log.entries == ["container heard y 3"])
    #expect(printed == [#"contentDidLoad(arg1: "y", arg2: 3)"#])
  }
}
