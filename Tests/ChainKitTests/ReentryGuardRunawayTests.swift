import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// Rule 14 for the work that used to slip past the door: activities delivered after the
/// outermost operation returned, a publish nobody hears, a share with nobody to call, and a
/// mount, each of which emits a record or calls an observer. Each runaway below overflowed the
/// stack before; each now ends at the limit with the documented error.
extension ReentryGuardTests {
  struct Unheard {}

  /// What a refused operation reports.
  func isRefusal(_ error: any Error, key: String) -> Bool {
    (error as? ChainError) == .nestingTooDeep(key: key, limit: ReentryGuard.nestingLimit)
  }

  @Test("rule 14: an activity observer that posts on its own node stops at the limit")
  func activityObserverThatPosts() throws {
    let node = Node("observed")
    var outcomes: [Outcome] = []
    let token = node.observeActivity { [unowned node] _ in
      outcomes.append(node.post(Keys.ping, outcomes.count))
    }
    node.post(Keys.ping, 0)
    // Each observer call counts one level deeper than the dispatch that caused it.
    // Observers run one after the other (each after the dispatch before it returned), so the
    // last post is the one refused at the limit.
    #expect(outcomes.count == ReentryGuard.nestingLimit)
    #expect(outcomes.last?.errors.contains { isRefusal($0, key: "ping") } == true)
    #expect(outcomes.dropLast().allSatisfy { $0.succeeded })
    token.cancel()
    try expectEveryKindWorks()
  }

  @Test("rule 14: an activity observer that posts from inside a dispatch stops at the limit")
  func activityObserverThatPostsUnderADispatch() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var calls = 0
    let token = leaf.observeActivity { [unowned leaf] activity in
      guard activity.key == "ping" else { return }
      calls += 1
      leaf.post(Keys.ping, calls)
    }
    root.on(Keys.click) { [unowned leaf] _, _ in leaf.post(Keys.ping, 0) }
    root.post(Keys.click, Click(index: 0))
    #expect(calls > 1 && calls < ReentryGuard.nestingLimit)
    token.cancel()
    try expectEveryKindWorks()
  }

  @Test("rule 14: a bus tracer that publishes an event nobody hears on every record stops")
  func busTracerThatPublishesUnheard() throws {
    let bus = EventBus(name: "echo")
    let tracer = Republisher(bus) { Unheard() }
    bus.install(tracer)
    bus.publish(Unheard())
    #expect(tracer.outcomes.count > 1 && tracer.outcomes.count <= ReentryGuard.nestingLimit + 1)
    // The deepest publish returns first: it is the one refused at the limit.
    #expect(tracer.outcomes.first?.errors.contains { isRefusal($0, key: "Unheard") } == true)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a bus tracer that publishes a heard event on every record stops")
  func busTracerThatPublishesHeard() throws {
    let bus = EventBus(name: "echo")
    var heard = 0
    bus.subscribe(Ping.self) { _ in heard += 1 }
    let tracer = Republisher(bus) { Ping(value: 0) }
    bus.install(tracer)
    bus.publish(Ping(value: 0))
    #expect(tracer.outcomes.count > 1 && tracer.outcomes.count <= ReentryGuard.nestingLimit + 1)
    #expect(tracer.outcomes.first?.errors.contains { isRefusal($0, key: "Ping") } == true)
    #expect(heard == 1 + tracer.outcomes.count { $0.succeeded })
    try expectEveryKindWorks()
  }

  @Test("rule 14: a node tracer that shares on every record stops, without subscribers")
  func nodeTracerThatShares() throws {
    let node = Node("sharing")
    let tracer = Resharer(node)
    node.install(tracer)
    node.share(0, for: Self.count)
    #expect(tracer.received > 1 && tracer.received <= ReentryGuard.nestingLimit + 1)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a node tracer that shares on every record stops, with subscribers")
  func nodeTracerThatSharesToSubscribers() throws {
    let root = Node("sharing")
    let leaf = Node("subscribed")
    try leaf.mount(at: root)
    var heard: [Int?] = []
    leaf.subscribe(Self.count) { heard.append($0) }
    let tracer = Resharer(root)
    root.install(tracer)
    // Shared from a listener, the refusal reaches the enclosing post's outcome.
    root.on(Keys.ping) { [unowned root] _, _ in root.share(0, for: Self.count) }
    let outcome = root.post(Keys.ping, 0)
    #expect(outcome.errors.contains { isRefusal($0, key: "count") })
    // Two runaways, each stopped at the limit: the shares' inside the post, then the one the
    // post's own record starts once the post returned.
    #expect(tracer.received > 1 && tracer.received <= 2 * ReentryGuard.nestingLimit + 2)
    #expect(heard.count > 1)
    try expectEveryKindWorks()
  }

  @Test("rule 14: a node tracer that mounts a node on every record stops")
  func nodeTracerThatMounts() throws {
    final class Grower: Tracer {
      unowned let root: Node
      var grown: [Node] = []
      init(_ root: Node) { self.root = root }
      func receive(_ record: TraceRecord) {
        let node = Node("grown")
        grown.append(node)
        try? node.mount(at: root)
      }
    }
    let root = Node("root")
    let grower = Grower(root)
    root.install(grower)
    let outcome = root.post(Keys.ping, 0)
    #expect(outcome.succeeded)
    #expect(grower.grown.count > 1 && grower.grown.count <= ReentryGuard.nestingLimit + 1)
    try expectEveryKindWorks()
  }
}

/// A bus tracer that publishes `make()` on every record, and keeps what each publish returned.
@MainActor
final class Republisher<Event>: Tracer {
  unowned let bus: EventBus
  let make: () -> Event
  var outcomes: [Outcome] = []
  init(_ bus: EventBus, _ make: @escaping () -> Event) {
    self.bus = bus
    self.make = make
  }
  func receive(_ record: TraceRecord) { outcomes.append(bus.publish(make())) }
}

/// A node tracer that shares a new value on its node on every record.
@MainActor
final class Resharer: Tracer {
  unowned let node: Node
  var received = 0
  init(_ node: Node) { self.node = node }
  func receive(_ record: TraceRecord) {
    received += 1
    node.share(received, for: ReentryGuardTests.count)
  }
}
