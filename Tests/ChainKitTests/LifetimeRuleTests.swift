import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// The one lifetime rule (``Subscription``), checked for every kind of registration: dropping
/// the token changes nothing, cancelling twice is harmless, and a token whose registration's
/// holder went first is inert.
@Suite("One lifetime rule for every registration kind (rules 21-22)", .leakChecked)
@MainActor
struct LifetimeRuleTests {
  /// One registration of some kind: how to make it run, and how to let what it belongs to go.
  final class Fixture {
    var runs = 0 { didSet { onRun() } }
    /// Runs each time the registration runs, inside its dispatch.
    var onRun: () -> Void = {}
    var token: Subscription?
    /// Makes the registration run once if it still can.
    var fire: () -> Void = {}
    /// Releases what the registration belongs to.
    var dropHolder: () -> Void = {}
  }

  struct Kind: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @MainActor @Sendable () throws -> Fixture
    var testDescription: String { name }
  }

  nonisolated static let kinds: [Kind] = [
    Kind(name: "listener") {
      let fixture = Fixture()
      var node: Node? = Node("n")
      fixture.token = node?.on(Keys.ping) { [unowned fixture] _, _ in fixture.runs += 1 }
      fixture.fire = { node?.post(Keys.ping, 1) }
      fixture.dropHolder = { node = nil }
      return fixture
    },
    Kind(name: "interceptor") {
      let fixture = Fixture()
      var node: Node? = Node("n")
      fixture.token = node?.intercept(Keys.ping) { [unowned fixture] _, _ in fixture.runs += 1 }
      fixture.fire = { node?.post(Keys.ping, 1) }
      fixture.dropHolder = { node = nil }
      return fixture
    },
    Kind(name: "responder") {
      let fixture = Fixture()
      var node: Node? = Node("n")
      fixture.token = node?.respond(to: Keys.lookup) { [unowned fixture] _, _ in
        fixture.runs += 1
        return 1
      }
      fixture.fire = { _ = node?.request(Keys.lookup, "x") }
      fixture.dropHolder = { node = nil }
      return fixture
    },
    Kind(name: "target-bound listener") {
      let fixture = Fixture()
      let node = Node("n")
      var target: Target? = Target("t")
      if let target {
        fixture.token = node.on(Keys.ping, target: target) { [unowned fixture] _, _, _ in
          fixture.runs += 1
        }
      }
      fixture.fire = { node.post(Keys.ping, 1) }
      fixture.dropHolder = { target = nil }
      return fixture
    },
    Kind(name: "target-bound responder") {
      let fixture = Fixture()
      let node = Node("n")
      var target: Target? = Target("t")
      if let target {
        fixture.token = node.respond(to: Keys.lookup, target: target) { [unowned fixture] _, _, _ in
          fixture.runs += 1
          return 1
        }
      }
      fixture.fire = { _ = node.request(Keys.lookup, "x") }
      fixture.dropHolder = { target = nil }
      return fixture
    },
    Kind(name: "bus subscriber") {
      let fixture = Fixture()
      var bus: EventBus? = EventBus(name: "b")
      fixture.token = bus?.subscribe(Int.self) { [unowned fixture] _ in fixture.runs += 1 }
      fixture.fire = { bus?.publish(1) }
      fixture.dropHolder = { bus = nil }
      return fixture
    },
    Kind(name: "owner-bound bus subscriber") {
      let fixture = Fixture()
      let bus = EventBus(name: "b")
      var owner: Target? = Target("owner")
      if let owner {
        fixture.token = bus.subscribe(Int.self, owner: owner) { [unowned fixture] _, _ in
          fixture.runs += 1
        }
      }
      fixture.fire = { bus.publish(1) }
      fixture.dropHolder = { owner = nil }
      return fixture
    },
    Kind(name: "bus producer") {
      let fixture = Fixture()
      var bus: EventBus? = EventBus(name: "b")
      fixture.token = bus?.produce(Int.self) { [unowned fixture] in
        fixture.runs += 1
        return 1
      }
      fixture.fire = { _ = bus?.subscribe(Int.self) { _ in } }
      fixture.dropHolder = { bus = nil }
      return fixture
    },
    Kind(name: "data subscriber") {
      let fixture = Fixture()
      let root = Node("root")
      var leaf: Node? = Node("leaf")
      try leaf?.mount(at: root)
      let key = DataKey<Int>("n")
      var value = 0
      fixture.token = leaf?.subscribe(key) { [unowned fixture] _ in fixture.runs += 1 }
      fixture.fire = {
        value += 1
        root.share(value, for: key)
      }
      fixture.dropHolder = { leaf = nil }
      return fixture
    },
    Kind(name: "property observer") {
      let fixture = Fixture()
      var property: Property<Int>? = Property(0)
      fixture.token = property?.observe { [unowned fixture] _, _ in fixture.runs += 1 }
      fixture.fire = { property?.value += 1 }
      fixture.dropHolder = { property = nil }
      return fixture
    },
    Kind(name: "hook observer") {
      let fixture = Fixture()
      var hook: Hook<Int, Int>? = Hook { $0 }
      fixture.token = hook?.observe { [unowned fixture] _, _ in fixture.runs += 1 }
      fixture.fire = { _ = hook?(1) }
      fixture.dropHolder = { hook = nil }
      return fixture
    },
    Kind(name: "binding") {
      let fixture = Fixture()
      var a: Property<Int>? = Property(0)
      var b: Property<Int>? = Property(0)
      if let a, let b { fixture.token = bind([a, b]) }
      // NB: unowned, as in the other kinds: the fixture holds this closure (ASan's leak check
      // found the cycle).
      fixture.fire = { [unowned fixture] in
        a?.value += 1
        if let a, let b, b.value == a.value { fixture.runs += 1 }
      }
      fixture.dropHolder = {
        a = nil
        b = nil
      }
      return fixture
    },
    Kind(name: "node tracer") {
      let fixture = Fixture()
      var node: Node? = Node("n")
      let counter = CountingTracer { [unowned fixture] in fixture.runs += 1 }
      fixture.token = node?.install(counter)
      fixture.fire = { node?.post(Keys.ping, 1) }
      fixture.dropHolder = { node = nil }
      return fixture
    },
    Kind(name: "bus tracer") {
      let fixture = Fixture()
      var bus: EventBus? = EventBus(name: "b")
      let counter = CountingTracer { [unowned fixture] in fixture.runs += 1 }
      fixture.token = bus?.install(counter)
      fixture.fire = { bus?.publish(1) }
      fixture.dropHolder = { bus = nil }
      return fixture
    },
    Kind(name: "next-turn listener") {
      let fixture = Fixture()
      var node: Node? = Node("n")
      fixture.token = node?.on(Keys.ping, delivery: .nextTurn) { [unowned fixture] _ in
        fixture.runs += 1
      }
      fixture.fire = {
        node?.post(Keys.ping, 1)
        ChainRuntime.main.nextTurn.drain(in: .main)
      }
      fixture.dropHolder = { node = nil }
      return fixture
    },
  ]

  final class CountingTracer: Tracer {
    let heard: @MainActor () -> Void
    init(_ heard: @escaping @MainActor () -> Void) { self.heard = heard }
    func receive(_ record: TraceRecord) { heard() }
  }

  @Test("dropping the token does not end the registration", arguments: kinds)
  func droppedTokenKeepsRunning(kind: Kind) throws {
    let fixture = try kind.make()
    fixture.token = nil
    fixture.fire()
    let before = fixture.runs
    fixture.fire()
    #expect(fixture.runs > before)
    fixture.dropHolder()
  }

  @Test("cancel ends it at once, and cancelling twice is harmless", arguments: kinds)
  func cancelEndsItOnce(kind: Kind) throws {
    let fixture = try kind.make()
    let token = try #require(fixture.token)
    #expect(token.isActive)
    token.cancel()
    #expect(!token.isActive)
    let before = fixture.runs
    fixture.fire()
    #expect(fixture.runs == before)
    token.cancel()
    #expect(!token.isActive)
    fixture.dropHolder()
  }

  @Test("cancelling inside its own dispatch ends it at once", arguments: kinds)
  func cancelDuringDispatch(kind: Kind) throws {
    let fixture = try kind.make()
    let token = try #require(fixture.token)
    let before = fixture.runs
    fixture.onRun = { token.cancel() }
    fixture.fire()
    fixture.onRun = {}
    #expect(fixture.runs == before + 1)
    #expect(!token.isActive)
    fixture.fire()
    #expect(fixture.runs == before + 1)
    token.cancel()
    fixture.dropHolder()
  }

  @Test("cancelling releases the registration; the kept token holds none of it", arguments: kinds)
  func cancelReleasesTheRegistration(kind: Kind) throws {
    let fixture = try kind.make()
    let token = try #require(fixture.token)
    weak let registration = token.registrations.first
    #expect(registration != nil)
    token.cancel()
    #expect(registration == nil, "cancelled, yet still held by what it belonged to")
    #expect(!token.isActive)
    fixture.dropHolder()
  }

  @Test("if what it belongs to goes first, the kept token is inert", arguments: kinds)
  func holderGoneFirst(kind: Kind) throws {
    let fixture = try kind.make()
    let token = try #require(fixture.token)
    fixture.dropHolder()
    #expect(!token.isActive)
    token.cancel()
    #expect(!token.isActive)
  }
}

/// The ticket's unretained reference is safe only because every registration ends its ticket
/// before it goes; builds with invariants check that on every use.
@Suite("Ticket invariant")
struct TicketInvariantTests {
  /// A registration that ends its own ticket, not the foreign one a test attaches to it: the one
  /// way left to break the invariant, now that ``AnyRegistration`` is the only implementation.
  typealias ForgetfulRegistration = AnyRegistration

  @Test("a ticket whose registration went without ending it traps instead of reading freed memory")
  func unendedTicketTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let ticket = Ticket()
        var registration: ForgetfulRegistration? = ForgetfulRegistration()
        if let registration { ticket.attach(to: registration) }
        registration = nil
        _ = ticket.isActive
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a ticket outlived its registration without being ended"))
  }

  @Test("a ticket ended by its registration is inert once the registration is gone")
  @MainActor
  func endedTicketIsInert() {
    let ticket = Ticket()
    var registration: ForgetfulRegistration? = ForgetfulRegistration()
    if let registration { ticket.attach(to: registration) }
    #expect(ticket.isActive)
    ticket.end()
    registration = nil
    #expect(!ticket.isActive)
    ticket.cancel()
  }
}
