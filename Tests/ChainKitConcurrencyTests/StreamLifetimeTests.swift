import ChainKitTestSupport
import Testing

@testable import ChainKit

extension EventKey where Payload == Int {
  fileprivate static let count = EventKey("count")
}

extension DataKey where Value == String {
  fileprivate static let mode = DataKey("mode")
}

/// An object a property belongs to.
private final class Owner {}

/// An object that holds the property it owns, as the Bindings article's `Account` does.
@MainActor
private final class Account {
  lazy var balance = Property(0, name: "balance", owner: self)
}

/// What a consuming task saw, and whether its loop ended.
@MainActor
private final class Consumed<Element> {
  var elements: [Element] = []
  var ended = false
}

/// Waits, bounded by turns, until `consumer`'s loop ended, then for the task itself; fails
/// saying `what` if the loop did not end.
@MainActor
private func expectEnded<Element>(
  _ consumed: Consumed<Element>, _ consumer: Task<Void, Never>, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let ended = await turnsUntil(turns: elementWaitTurns) { consumed.ended }
  #expect(ended, "\(what): the loop did not end", sourceLocation: sourceLocation)
  if ended {
    await consumer.value
  } else {
    consumer.cancel()
  }
}

/// A stream's lifetime, in the shapes a user writes: a `for await` over the call itself lives as
/// long as its loop; leaving the loop, cancelling its task or releasing its source ends it; a
/// misused second iterator never ends the first consumer's stream.
@MainActor
@Suite("Stream lifetimes (rule 39)", .leakChecked)
struct StreamLifetimeTests {
  @Test("rule 39: a for await over node.events(for:) itself hears every post")
  func loopOverNodeEventsHears() async throws {
    let node = Node("node")
    let consumed = Consumed<Int>()
    let consumer = Task {
      for await count in node.events(for: .count) { consumed.elements.append(count) }
      consumed.ended = true
    }
    #expect(
      await turnsUntil(turns: elementWaitTurns) { node.registrationCount == 1 },
      "the stream's listener never came")
    for count in 1...3 { node.post(.count, count) }
    let heard = await turnsUntil(turns: elementWaitTurns) { consumed.elements == [1, 2, 3] }
    #expect(heard, "heard \(consumed.elements), not [1, 2, 3]")
    #expect(!consumed.ended, "the loop ended while its node lived")
    consumer.cancel()
    await expectEnded(consumed, consumer, "cancelled")
    await queueReached()
    #expect(node.registrationCount == 0)
  }

  @Test("rule 39: a for await over bus.events(of:) itself starts with the producer's value")
  func loopOverBusEventsHears() async throws {
    let bus = EventBus(name: "bus")
    let producing = bus.produce(Int.self) { 10 }
    let consumed = Consumed<Int>()
    let consumer = Task {
      for await count in bus.events(of: Int.self) { consumed.elements.append(count) }
      consumed.ended = true
    }
    #expect(
      await turnsUntil(turns: elementWaitTurns) { consumed.elements == [10] },
      "the producer's value never came")
    bus.publish(11)
    let heard = await turnsUntil(turns: elementWaitTurns) { consumed.elements == [10, 11] }
    #expect(heard, "heard \(consumed.elements), not [10, 11]")
    consumer.cancel()
    await expectEnded(consumed, consumer, "cancelled")
    await queueReached()
    #expect(bus.subscriberCount(for: Int.self) == 0)
    producing.cancel()
  }

  @Test("rule 39: a for await over property.values() itself starts with the current value")
  func loopOverPropertyValuesHears() async throws {
    let property = Property(1, name: "count")
    let consumed = Consumed<Int>()
    let consumer = Task {
      for await value in property.values() { consumed.elements.append(value) }
      consumed.ended = true
    }
    #expect(
      await turnsUntil(turns: elementWaitTurns) { consumed.elements == [1] },
      "the current value never came")
    property.value = 2
    let heard = await turnsUntil(turns: elementWaitTurns) { consumed.elements == [1, 2] }
    #expect(heard, "heard \(consumed.elements), not [1, 2]")
    consumer.cancel()
    await expectEnded(consumed, consumer, "cancelled")
    await queueReached()
    #expect(property.observerCount == 0)
  }

  @Test("rule 39: a for await over node.values(for:) itself starts with the resolved value")
  func loopOverNodeValuesHears() async throws {
    let root = Node("root")
    let panel = Node("panel")
    try panel.mount(at: root)
    root.share("dark", for: .mode)
    let consumed = Consumed<String?>()
    let consumer = Task {
      for await mode in panel.values(for: .mode) { consumed.elements.append(mode) }
      consumed.ended = true
    }
    #expect(
      await turnsUntil(turns: elementWaitTurns) { consumed.elements == ["dark"] },
      "the resolved value never came")
    root.share("light", for: .mode)
    let heard = await turnsUntil(turns: elementWaitTurns) {
      consumed.elements == ["dark", "light"]
    }
    #expect(heard, "heard \(consumed.elements), not [dark, light]")
    consumer.cancel()
    await expectEnded(consumed, consumer, "cancelled")
  }

  @Test("rule 39: breaking out of the loop ends the stream's registration")
  func breakEndsTheRegistration() async throws {
    let node = Node("node")
    let consumed = Consumed<Int>()
    let consumer = Task {
      for await count in node.events(for: .count) {
        consumed.elements.append(count)
        if count == 2 { break }
      }
      consumed.ended = true
    }
    #expect(
      await turnsUntil(turns: elementWaitTurns) { node.registrationCount == 1 },
      "the stream's listener never came")
    for count in 1...3 { node.post(.count, count) }
    await expectEnded(consumed, consumer, "broken out of")
    #expect(consumed.elements == [1, 2])
    await queueReached()
    #expect(node.registrationCount == 0)
  }

  @Test("rule 39: leaving the loop over a kept stream ends it, though the stream is still held")
  func leavingTheLoopOverAKeptStreamEndsIt() async throws {
    let node = Node("node")
    let stream = node.events(for: .count)
    node.post(.count, 1)
    #expect(await take(1, from: stream) == [1])
    await queueReached()
    #expect(node.registrationCount == 0)
    withExtendedLifetime(stream) {}
  }

  @Test("rule 39: a cancelled consumer takes no element, though some are buffered")
  func cancelledConsumerTakesNothingBuffered() async throws {
    let node = Node("node")
    let consumed = Consumed<Int>()
    let stream = node.events(for: .count)
    for count in 1...3 { node.post(.count, count) }
    let consumer = Task {
      for await count in stream {
        consumed.elements.append(count)
        withUnsafeCurrentTask { $0?.cancel() }
      }
      consumed.ended = true
    }
    await expectEnded(consumed, consumer, "cancelled with elements buffered")
    #expect(consumed.elements == [1])
    await queueReached()
    #expect(node.registrationCount == 0)
  }

  @Test("rule 39: a property's stream ends when its owner is released and the property written")
  func propertyStreamEndsWithItsOwner() async throws {
    var owner: Owner? = Owner()
    let property = Property(0, name: "count", owner: owner)
    let consumed = Consumed<Int>()
    let consumer = Task {
      for await value in property.values() { consumed.elements.append(value) }
      consumed.ended = true
    }
    #expect(
      await turnsUntil(turns: elementWaitTurns) { consumed.elements == [0] },
      "the current value never came")
    property.value = 1
    #expect(
      await turnsUntil(turns: elementWaitTurns) { consumed.elements == [0, 1] },
      "heard \(consumed.elements)")
    owner = nil
    property.value = 2
    await expectEnded(consumed, consumer, "owner released")
    #expect(consumed.elements == [0, 1])
    #expect(property.observerCount == 0)
  }

  @Test("rule 39: a property's stream ends when its owner, holding it, is released")
  func propertyStreamEndsWithTheOwnerHoldingIt() async throws {
    var account: Account? = Account()
    let stream = try #require(account).balance.values()
    account?.balance.value = 5
    account = nil
    #expect(await takeToEnd(of: stream) == [0, 5])
  }

  @Test("rule 39: dropping a second iterator does not end the first consumer's stream")
  func secondIteratorDroppedKeepsTheFirst() async throws {
    let node = Node("node")
    let stream = node.events(for: .count)
    let consumed = Consumed<Int>()
    let consumer = Task {
      for await count in stream { consumed.elements.append(count) }
      consumed.ended = true
    }
    node.post(.count, 1)
    #expect(
      await turnsUntil(turns: elementWaitTurns) { consumed.elements == [1] },
      "the first element never came")
    var second: ChainStream<Int>.Iterator? = stream.makeAsyncIterator()
    #expect(second != nil)
    second = nil
    node.post(.count, 2)
    let heard = await turnsUntil(turns: elementWaitTurns) { consumed.elements == [1, 2] }
    #expect(heard, "the first consumer heard \(consumed.elements), not [1, 2]")
    #expect(!consumed.ended, "dropping the second iterator ended the first consumer's loop")
    consumer.cancel()
    await expectEnded(consumed, consumer, "cancelled")
  }
}
