import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// Rule 14: events, requests, bus publishes, data delivery, tracer callbacks and binding
/// propagation share one re-entrancy guard; a runaway in any of them ends with an error there and
/// leaves every later top-level operation of every kind working.
@Suite("One re-entrancy guard for every kind of dispatch (rule 14)", .leakChecked)
@MainActor
struct ReentryGuardTests {
  struct Ping: Equatable { var value: Int }
  static let count = DataKey<Int>("count")

  /// Checks that a top-level operation of every kind works, and nothing is left nested.
  func expectEveryKindWorks(sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(ChainRuntime.main.depth == 0, sourceLocation: sourceLocation)
    #expect(!ChainRuntime.main.runaway, sourceLocation: sourceLocation)
    let root = Node("fresh-root")
    let leaf = Node("fresh-leaf")
    try leaf.mount(at: root)
    var heard: [String] = []
    root.on(Keys.ping) { _, value in
      heard.append("event \(value)")
      leaf.post(Keys.click, Click(index: value))  // nested post
    }
    root.on(Keys.click) { _, click in heard.append("nested \(click.index)") }
    root.respond(to: Keys.channelID) { _, _ in "answer" }
    leaf.subscribe(Self.count) { value in heard.append("data \(value ?? -1)") }
    let bus = EventBus(name: "fresh")
    bus.subscribe(Ping.self) { [unowned bus] ping in
      heard.append("bus \(ping.value)")
      bus.publish("nested")
    }
    bus.subscribe(String.self) { heard.append("bus \($0)") }
    let property = Property(0)
    property.observe { _, new in heard.append("property \(new)") }

    let outcome = leaf.post(Keys.ping, 1)
    #expect(outcome.succeeded, sourceLocation: sourceLocation)
    #expect(leaf.request(Keys.channelID) == "answer", sourceLocation: sourceLocation)
    root.share(7, for: Self.count)
    #expect(bus.publish(Ping(value: 2)).succeeded, sourceLocation: sourceLocation)
    property.value = 3
    #expect(
      heard == [
        "event 1", "nested 1", "data 7", "bus 2", "bus nested", "property 3",
      ], sourceLocation: sourceLocation)
  }

  @Test("rule 14: a bus runaway inside an event listener leaves every later operation working")
  func busRunawayInsideAListener() throws {
    let node = Node("poster")
    let bus = EventBus(name: "runaway")
    bus.subscribe(Ping.self) { [unowned bus] ping in bus.publish(Ping(value: ping.value + 1)) }
    node.on(Keys.ping) { _, _ in bus.publish(Ping(value: 0)) }
    let outcome = node.post(Keys.ping, 0)
    #expect(
      outcome.errors.contains { ($0 as? ChainError) == .nestingTooDeep(key: "Ping", limit: 64) })
    try expectEveryKindWorks()
  }

  @Test("rule 14: a data subscriber that shares in response to itself stops, then all works")
  func dataRunaway() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var calls = 0
    leaf.subscribe(Self.count) { [unowned root] value in
      calls += 1
      root.share((value ?? 0) + 1, for: Self.count)
    }
    root.share(0, for: Self.count)
    #expect(calls > 1 && calls <= ReentryGuard.nestingLimit + 1)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a data subscriber that subscribes again nests, and stops at the limit")
  func subscriberThatSubscribes() throws {
    let root = Node("root")
    root.share(1, for: Self.count)
    var calls = 0
    func subscribeAgain(_ root: Node) {
      root.subscribe(Self.count) { [unowned root] _ in
        calls += 1
        subscribeAgain(root)
      }
    }
    subscribeAgain(root)
    #expect(calls == ReentryGuard.nestingLimit)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a bus subscriber that subscribes while a producer exists stops at the limit")
  func busSubscriberThatSubscribes() throws {
    let bus = EventBus(name: "producing")
    bus.produce(Ping.self) { Ping(value: 1) }
    var calls = 0
    func subscribeAgain(_ bus: EventBus) {
      bus.subscribe(Ping.self) { [unowned bus] _ in
        calls += 1
        subscribeAgain(bus)
      }
    }
    subscribeAgain(bus)
    #expect(calls == ReentryGuard.nestingLimit)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a tracer that posts on every record stops, and every operation works after")
  func tracerThatPosts() throws {
    final class Echo: Tracer {
      unowned let node: Node
      var received = 0
      init(_ node: Node) { self.node = node }
      func receive(_ record: TraceRecord) {
        received += 1
        node.post(Keys.ping, received)
      }
    }
    let node = Node("traced")
    let echo = Echo(node)
    node.install(echo)
    node.post(Keys.ping, 0)
    #expect(echo.received > 1 && echo.received <= 2 * ReentryGuard.nestingLimit + 2)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a listener that publishes, a subscriber that shares, an observer that posts")
  func mixedRunaway() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let bus = EventBus(name: "mixed")
    let property = Property(0, name: "mixed")
    root.on(Keys.ping) { [unowned bus] _, value in bus.publish(Ping(value: value)) }
    bus.subscribe(Ping.self) { [unowned root] ping in root.share(ping.value, for: Self.count) }
    leaf.subscribe(Self.count) { [unowned property] value in property.value = (value ?? 0) + 1 }
    property.observe { [unowned leaf] _, new in leaf.post(Keys.ping, new) }
    let outcome = leaf.post(Keys.ping, 0)
    // The loop comes back to the property from inside its own notification, so the property's
    // write policy cuts it (each round nests one level): either way, it ends with an error.
    #expect(outcome.errors.contains { $0 is ChainError })
    try expectEveryKindWorks()
  }

  @Test("rule 14: a binding whose propagation posts a runaway event leaves everything working")
  func bindingRunaway() throws {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    bind([a, b])
    let node = Node("bound")
    node.on(Keys.ping) { [unowned a] _, value in a.value = value + 1 }
    b.observe { [unowned node] _, new in node.post(Keys.ping, new) }
    let outcome = node.post(Keys.ping, 0)
    #expect(!outcome.succeeded)
    try expectEveryKindWorks()
  }

  @Test("the nesting limit set for a scope is restored, also when the scope throws")
  func scopedLimitIsRestored() {
    #expect(throws: TestError.self) {
      try ReentryGuard.withNestingLimit(2) { throw TestError(message: "out") }
    }
    #expect(ReentryGuard.nestingLimit == ReentryGuard.defaultNestingLimit)
  }
}
