import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// Rule 30: exact-type delivery by the event's runtime type; owner-bound handlers are handed
/// their owner; a subscriber can cancel itself at any delivery, the producer's first included.
@Suite("Event bus: runtime types, owners and self-cancelling (rule 30)", .leakChecked)
@MainActor
struct EventBusRuntimeTypeTests {
  class Food {
    let name: String
    init(_ name: String) { self.name = name }
  }
  final class Pizza: Food {}
  protocol Drink {}
  struct Tea: Drink { var strength = 3, sugar = 1, milk = 0, cups = 2 }
  struct Ping { var value: Int }

  @Test("rule 30: a subclass instance held as its superclass reaches its own class's subscribers")
  func classInstanceIsKeyedByItsRuntimeClass() {
    let bus = EventBus(name: "food")
    var log: [String] = []
    bus.subscribe(Food.self) { log.append("food \($0.name)") }
    bus.subscribe(Pizza.self) { log.append("pizza \($0.name)") }
    let event: Food = Pizza("margherita")
    bus.publish(event)
    bus.publish(Food("bread"))
    #expect(log == ["pizza margherita", "food bread"])
  }

  @Test("rule 30: a value held as `any P` or `Any` reaches its own type's subscribers")
  func existentialIsKeyedByItsRuntimeType() {
    let bus = EventBus(name: "drinks")
    var log: [String] = []
    bus.subscribe(Tea.self) { log.append("tea \($0.strength)") }
    let drink: any Drink = Tea()
    let anything: Any = Tea(strength: 5)
    #expect(bus.publish(drink).listenersRun == 1)
    bus.publish(anything)
    bus.publish(drink)
    #expect(log == ["tea 3", "tea 5", "tea 3"])
  }

  @Test("rule 32: an event whose runtime type has no subscriber is a dead event, by that type")
  func deadEventNamesTheRuntimeType() {
    let bus = EventBus(name: "dead")
    let trace = TraceLog()
    bus.install(trace)
    bus.subscribe(Food.self) { _ in }
    let event: Food = Pizza("quattro")
    bus.publish(event)
    let dead = trace.records.compactMap { record -> String? in
      if case .deadEvent(let bus) = record { return bus.type }
      return nil
    }
    #expect(dead == ["Pizza"])
  }

  @Test("rule 30: an owner-bound handler is handed its owner, so the owner can be freed")
  func ownerIsHandedAndFreed() {
    final class Screen {
      var seen: [Int] = []
    }
    let bus = EventBus(name: "owners")
    var screen: Screen? = Screen()
    weak let watched = screen
    if let screen {
      bus.subscribe(Ping.self, owner: screen) { screen, ping in screen.seen.append(ping.value) }
    }
    bus.publish(Ping(value: 1))
    #expect(watched?.seen == [1])
    screen = nil
    #expect(watched == nil)
    #expect(bus.subscriberCount(for: Ping.self) == 0)
  }

  @Test("rule 30: a subscriber can cancel itself at the producer's first delivery")
  func cancelAtFirstDelivery() {
    let bus = EventBus(name: "producer")
    bus.produce(Ping.self) { Ping(value: 1) }
    var log: [Int] = []
    let token = bus.subscribe(Ping.self) { ping, subscription in
      log.append(ping.value)
      subscription.cancel()
    }
    bus.publish(Ping(value: 2))
    #expect(log == [1])
    #expect(!token.isActive)
  }

  @Test("rule 30: an owner-bound subscriber can unsubscribe its owner at the first delivery")
  func unsubscribeOwnerAtFirstDelivery() {
    final class Screen {}
    let bus = EventBus(name: "producer")
    bus.produce(Ping.self) { Ping(value: 1) }
    let screen = Screen()
    var log: [Int] = []
    bus.subscribe(Ping.self, owner: screen) { owner, ping in
      log.append(ping.value)
      bus.unsubscribe(owner: owner)
    }
    bus.publish(Ping(value: 2))
    #expect(log == [1])
    #expect(bus.subscriberCount(for: Ping.self) == 0)
  }

  /// The object Otto's test registers: two handlers of `String`, the first of which unregisters it.
  final class Catcher {
    var heard: [String] = []
  }

  // Otto's unregisterInHandlerWhenEventProduced, ported.
  @Test(
    "rule 30: a handler that unsubscribes its owner during the producer's first delivery stops the owner's other handler"
  )
  func unsubscribeOwnerDuringProducersFirstDelivery() {
    let bus = EventBus(name: "otto")
    let catcher = Catcher()
    bus.produce(String.self) { "produced" }
    bus.subscribe(owner: catcher) { handlers in
      handlers.subscribe(String.self) { [unowned bus] catcher, text in
        catcher.heard.append("first: \(text)")
        bus.unsubscribe(owner: catcher)
      }
      handlers.subscribe(String.self) { catcher, text in
        catcher.heard.append("second: \(text)")
      }
    }
    #expect(catcher.heard == ["first: produced"])
    bus.publish("Hello")
    bus.publish("Hello")
    #expect(
      catcher.heard == ["first: produced"], "shouldn't catch any more events when unregistered")
    #expect(bus.subscriberCount(for: String.self) == 0)
  }

  @Test("rule 30: an owner's handlers hear in the order they were added, and end together")
  func ownersHandlersEndTogether() {
    let bus = EventBus(name: "owner")
    let catcher = Catcher()
    bus.subscribe(owner: catcher) { handlers in
      handlers.subscribe(String.self) { catcher, text in
        catcher.heard.append("first: \(text)")
      }
      handlers.subscribe(String.self) { catcher, text in
        catcher.heard.append("second: \(text)")
      }
      handlers.subscribe(Ping.self) { catcher, ping in catcher.heard.append("ping \(ping.value)") }
    }
    bus.publish("a")
    bus.publish(Ping(value: 1))
    bus.unsubscribe(owner: catcher)
    bus.publish("b")
    bus.publish(Ping(value: 2))
    #expect(catcher.heard == ["first: a", "second: a", "ping 1"])
    #expect(bus.subscriberCount(for: String.self) == 0 && bus.subscriberCount(for: Ping.self) == 0)
  }

  @Test("rule 30: unsubscribe(owner) also removes the owner's producer")
  func unsubscribeRemovesProducer() {
    final class Clock {}
    let bus = EventBus(name: "producer")
    let clock = Clock()
    bus.produce(Ping.self, owner: clock) { _ in Ping(value: 1) }
    bus.unsubscribe(owner: clock)
    #expect(!bus.hasProducer(for: Ping.self))
  }
}
