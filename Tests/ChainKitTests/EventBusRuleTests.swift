import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

private struct Ping: Equatable { var value: Int }
private class Animal {
  let name: String
  init(_ name: String) { self.name = name }
}
private final class Dog: Animal {}
private final class Owner {}
private struct Boom: Error {}

@MainActor
@Suite("EventBus: rules 30-33", .leakChecked)
struct EventBusRuleTests {
  @Test("rule 30: a private bus is independent of the default bus")
  func privateBusIsIndependent() {
    let bus = EventBus(name: "private")
    var log: [Int] = []
    let token = EventBus.default.subscribe(Ping.self) { log.append($0.value) }
    defer { token.cancel() }
    bus.publish(Ping(value: 1))
    #expect(log.isEmpty)
    #expect(bus.name == "private")
  }

  @Test("rule 30: publish delivers by exact type, in subscription order")
  func exactTypeInOrder() {
    let bus = EventBus(name: "bus")
    var log: [String] = []
    bus.subscribe(Animal.self) { log.append("animal:\($0.name)") }
    bus.subscribe(Dog.self) { log.append("dog1:\($0.name)") }
    bus.subscribe(Dog.self) { log.append("dog2:\($0.name)") }
    bus.publish(Dog("rex"))
    bus.publish(Animal("cat"))
    #expect(log == ["dog1:rex", "dog2:rex", "animal:cat"])
  }

  @Test("rule 30: an owner-bound subscriber whose owner deallocates is never called again")
  func ownerDeallocation() {
    let bus = EventBus(name: "bus")
    var owner: Owner? = Owner()
    var log: [Int] = []
    if let owner { bus.subscribe(Ping.self, owner: owner) { _, ping in log.append(ping.value) } }
    bus.publish(Ping(value: 1))
    owner = nil
    bus.publish(Ping(value: 2))
    #expect(log == [1])
    #expect(bus.subscriberCount(for: Ping.self) == 0)
  }

  @Test("rule 30: subscribing the same owner twice replaces the first; both never fire")
  func ownerReplacement() {
    let bus = EventBus(name: "bus")
    let owner = Owner()
    var log: [String] = []
    let first = bus.subscribe(Ping.self, owner: owner) { _, ping in
      log.append("first:\(ping.value)")
    }
    bus.subscribe(Ping.self, owner: owner) { _, ping in log.append("second:\(ping.value)") }
    bus.publish(Ping(value: 1))
    #expect(log == ["second:1"])
    #expect(!first.isActive)
  }

  @Test("rule 31: registering a producer delivers its value once to existing subscribers")
  func producerDeliversToExisting() {
    let bus = EventBus(name: "bus")
    var log: [String] = []
    var producerCalls = 0
    bus.subscribe(Ping.self) { log.append("a:\($0.value)") }
    bus.subscribe(Ping.self) { log.append("b:\($0.value)") }
    bus.produce(Ping.self) {
      producerCalls += 1
      return Ping(value: 7)
    }
    #expect(log == ["a:7", "b:7"])
    #expect(producerCalls == 1)
  }

  @Test("rule 31: each new subscriber immediately receives the producer's value")
  func producerFeedsNewSubscribers() {
    @MainActor final class Current { var value = 1 }
    let bus = EventBus(name: "bus")
    let current = Current()
    bus.produce(Ping.self) { Ping(value: current.value) }
    var log: [String] = []
    bus.subscribe(Ping.self) { log.append("a:\($0.value)") }
    current.value = 2
    bus.subscribe(Ping.self) { log.append("b:\($0.value)") }
    #expect(log == ["a:1", "b:2"])
  }

  @Test("rule 31: a nil producer value delivers nothing")
  func nilProducerDeliversNothing() {
    let bus = EventBus(name: "bus")
    var log: [Int] = []
    bus.subscribe(Ping.self) { log.append($0.value) }
    bus.produce(Ping.self) { nil }
    bus.subscribe(Ping.self) { log.append($0.value) }
    #expect(log.isEmpty)
  }

  @Test("rule 31: one producer per type: the last registered wins and the replaced one is traced")
  func lastProducerWins() {
    let bus = EventBus(name: "bus")
    let log = TraceLog()
    bus.install(log)
    let first = bus.produce(Ping.self) { Ping(value: 1) }
    bus.produce(Ping.self) { Ping(value: 2) }
    var seen: [Int] = []
    bus.subscribe(Ping.self) { seen.append($0.value) }
    #expect(seen == [2])
    #expect(!first.isActive)
    let actions = log.records.compactMap { record -> ProducerRecord.Action? in
      if case .producer(let producer) = record { producer.action } else { nil }
    }
    #expect(actions == [.registered, .replaced])
  }

  @Test("rule 31: a sticky publish is a constant producer")
  func stickyPublish() {
    let bus = EventBus(name: "bus")
    var log: [String] = []
    bus.subscribe(Ping.self) { log.append("early:\($0.value)") }
    let sticky = bus.publishSticky(Ping(value: 9))
    bus.subscribe(Ping.self) { log.append("late:\($0.value)") }
    sticky.cancel()
    bus.subscribe(Ping.self) { log.append("after:\($0.value)") }
    #expect(log == ["early:9", "late:9"])
  }

  @Test("rule 32: publishing with no subscriber is reported as a dead event")
  func deadEvent() {
    let bus = EventBus(name: "bus")
    let log = TraceLog()
    bus.install(log)
    bus.publish(Ping(value: 3))
    #expect(
      log.records == [
        .deadEvent(
          BusRecord(
            bus: "bus", type: "Ping", event: "Ping(value: 3)", source: .publish,
            subscribersRun: 0, errors: []))
      ])
  }

  @Test("rule 33 (rule 10): subscribed during a publish => not called for it; cancelled => never")
  func snapshotOnPublish() {
    let bus = EventBus(name: "bus")
    var log: [String] = []
    var second: Subscription?
    bus.subscribe(Ping.self) { [unowned bus] event in
      log.append("first:\(event.value)")
      second?.cancel()
      bus.subscribe(Ping.self) { log.append("added:\($0.value)") }
    }
    second = bus.subscribe(Ping.self) { log.append("second:\($0.value)") }
    bus.publish(Ping(value: 1))
    #expect(log == ["first:1"])
  }

  @Test("rule 33 (rule 13): a throwing subscriber does not stop the others; its error is returned")
  func throwingSubscriber() {
    let bus = EventBus(name: "bus")
    var log: [Int] = []
    bus.subscribe(Ping.self) { _ in throw Boom() }
    bus.subscribe(Ping.self) { log.append($0.value) }
    let outcome = bus.publish(Ping(value: 4))
    #expect(log == [4])
    #expect(outcome.listenersRun == 2)
    #expect(outcome.errors.count == 1)
    #expect((outcome.errors.first as? BusSubscriberError)?.underlying is Boom)
  }

  @Test("rule 33 (rule 14): a nested publish runs at once; runaway nesting ends with an error")
  func nestedPublish() {
    let bus = EventBus(name: "bus")
    var log: [String] = []
    bus.subscribe(Int.self) { [unowned bus] value in
      log.append("int:\(value)")
      bus.publish("nested \(value)")
      log.append("after:\(value)")
    }
    bus.subscribe(String.self) { log.append($0) }
    bus.publish(1)
    #expect(log == ["int:1", "nested 1", "after:1"])

    bus.subscribe(Ping.self) { [unowned bus] in bus.publish(Ping(value: $0.value + 1)) }
    let outcome = bus.publish(Ping(value: 0))
    #expect(
      outcome.errors.contains { ($0 as? ChainError) == .nestingTooDeep(key: "Ping", limit: 64) })
  }

  @Test("rule 31: an owner-bound producer is dropped once its owner deallocates")
  func deadProducerIsDropped() {
    final class Clock {
      var now = 5
    }
    let bus = EventBus(name: "bus")
    let log = TraceLog()
    bus.install(log)
    var clock: Clock? = Clock()
    if let clock { bus.produce(Ping.self, owner: clock) { Ping(value: $0.now) } }
    var seen: [Int] = []
    bus.subscribe(Ping.self) { seen.append($0.value) }
    clock = nil
    #expect(!bus.hasProducer(for: Ping.self))
    bus.subscribe(Ping.self) { seen.append($0.value) }
    #expect(seen == [5])
    let actions = log.records.compactMap { record -> String? in
      if case .producer(let producer) = record { return producer.action.rawValue }
      return nil
    }
    #expect(actions == ["registered", "removed"])
  }
}
