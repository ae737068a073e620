import ChainKitTestSupport
import Synchronization
import Testing

@testable import ChainKit
@testable import ChainKitTracing

extension EventKey where Payload == Int {
  fileprivate static let tick = EventKey("tick")
}

extension DataKey where Value == String {
  fileprivate static let theme = DataKey("theme")
}

/// A tracer that keeps what it receives.
@MainActor
private final class Collector: Tracer {
  var records: [TraceRecord] = []
  func receive(_ record: TraceRecord) { records.append(record) }
  var drops: [StreamDropRecord] {
    records.compactMap { if case .streamDrop(let drop) = $0 { drop } else { nil } }
  }
}

/// Set when a consuming task's loop has ended.
private final class EndFlag: Sendable {
  let value = Atomic(false)
}

@MainActor
@Suite("Streams (rules 39-40)", .leakChecked)
struct StreamTests {
  @Test("rule 39: a node stream yields payloads in the order the main actor dispatched them")
  func nodeStreamKeepsDispatchOrder() async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let stream = root.events(for: .tick)
    for value in 0..<1_000 { leaf.post(.tick, value) }
    #expect(await take(1_000, from: stream) == Array(0..<1_000))
    await queueReached()
    #expect(root.registrationCount == 0)
  }

  @Test("rule 39: a waiting consumer gets every element in order while the main actor posts")
  func waitingConsumerGetsEveryElementInOrder() async throws {
    let node = Node("node")
    let stream = node.events(for: .tick)
    let consumer = Task { await take(20_000, from: stream) }
    for chunk in 0..<200 {
      for value in 0..<100 { node.post(.tick, chunk * 100 + value) }
      await Task.yield()
    }
    #expect(await consumer.value == Array(0..<20_000))
    await queueReached()
    #expect(node.registrationCount == 0)
  }

  @Test("rule 39: a node stream's listener obeys a stop below it")
  func nodeStreamObeysStop() async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let stream = root.events(for: .tick)
    leaf.on(.tick) { ctx, value in
      if value.isMultiple(of: 2) { ctx.stopPropagation() }
    }
    for value in 0..<6 { leaf.post(.tick, value) }
    #expect(await take(3, from: stream) == [1, 3, 5])
  }

  @Test("rule 39: a stream made during a dispatch at its node hears from the next event")
  func streamMadeDuringDispatchHearsNextEvent() async throws {
    let node = Node("node")
    var made: ChainStream<Int>?
    node.on(.tick) { [unowned node] _, _ in
      if made == nil { made = node.events(for: .tick) }
    }
    node.post(.tick, 1)
    node.post(.tick, 2)
    let stream = try #require(made)
    #expect(await take(1, from: stream) == [2])
  }

  @Test("rule 39: phases: capture, target only, and the facts of each delivery")
  func streamPhasesAndFacts() async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let captured = root.deliveredEvents(for: .tick, phase: .capture)
    let atTarget = root.events(for: .tick, phase: .target)
    leaf.post(.tick, 1)
    root.post(.tick, 2)
    let facts = await take(2, from: captured).map {
      "\($0.payload) \($0.phase.rawValue) \($0.targetName) \($0.nodeName)"
    }
    #expect(facts == ["1 capture leaf root", "2 target root root"])
    #expect(await take(1, from: atTarget) == [2])
  }

  @Test("rule 39: cancelling the consuming task removes the stream's listener")
  func cancellingTheConsumerRemovesTheListener() async throws {
    let node = Node("node")
    let stream = node.events(for: .tick)
    #expect(node.registrationCount == 1)
    let ended = EndFlag()
    let consumer = Task.detached {
      for await _ in stream {}
      ended.value.store(true, ordering: .releasing)
    }
    node.post(.tick, 1)
    consumer.cancel()
    let loopEnded = await turnsUntil { ended.value.load(ordering: .acquiring) }
    #expect(loopEnded, "the cancelled consumer's loop did not end")
    await queueReached()
    #expect(node.registrationCount == 0)
    node.post(.tick, 2)
  }

  @Test("rule 39: dropping a stream that was never consumed removes its listener")
  func droppingTheStreamRemovesTheListener() async throws {
    let node = Node("node")
    var stream: ChainStream<Int>? = node.events(for: .tick)
    node.post(.tick, 1)
    #expect(node.registrationCount == 1)
    #expect(stream != nil)
    stream = nil
    await queueReached()
    #expect(node.registrationCount == 0)
  }

  @Test("rule 39: a stream whose node is released yields what it buffered, then ends")
  func releasedNodeEndsTheStream() async throws {
    var node: Node? = Node("node")
    let stream = try #require(node).events(for: .tick)
    node?.post(.tick, 1)
    node?.post(.tick, 2)
    node = nil
    let all = await takeToEnd(of: stream)
    #expect(all == [1, 2])
  }

  @Test("rule 40: a bounded stream drops as its policy says, counts and traces every drop")
  func boundedStreamCountsAndTracesDrops() async throws {
    let node = Node("node")
    let collector = Collector()
    let tracing = node.install(collector)
    let newest = node.events(for: .tick, bufferingPolicy: .bufferingNewest(2))
    let oldest = node.events(for: .tick, bufferingPolicy: .bufferingOldest(2))
    for value in 1...5 { node.post(.tick, value) }
    #expect(newest.droppedCount == 3)
    #expect(oldest.droppedCount == 3)
    #expect(collector.drops.count == 6)
    #expect(
      collector.drops.last
        == StreamDropRecord(
          source: "node", key: "tick", policy: "bufferingOldest(2)", dropped: 3))
    #expect(await take(2, from: newest) == [4, 5])
    #expect(await take(2, from: oldest) == [1, 2])
    tracing.cancel()
  }

  @Test("rule 40: a bounded bus stream reports its drops to the bus's tracers")
  func boundedBusStreamTracesDrops() async throws {
    let bus = EventBus(name: "bus")
    let collector = Collector()
    let tracing = bus.install(collector)
    let stream = bus.events(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    for value in 1...3 { bus.publish(value) }
    #expect(stream.droppedCount == 2)
    #expect(
      collector.drops
        == [1, 2].map {
          StreamDropRecord(source: "bus", key: "Int", policy: "bufferingNewest(1)", dropped: $0)
        })
    #expect(await take(1, from: stream) == [3])
    tracing.cancel()
  }

  @Test("rule 39: a property stream ends when the property is released")
  func propertyStreamEndsWithTheProperty() async throws {
    var property: Property<Int>? = Property(1)
    let stream = try #require(property).values()
    property?.value = 2
    property = nil
    let all = await takeToEnd(of: stream)
    #expect(all == [1, 2])
  }

  @Test("rule 40: an unbounded stream never drops")
  func unboundedStreamNeverDrops() async throws {
    let node = Node("node")
    let stream = node.events(for: .tick)
    for value in 0..<10_000 { node.post(.tick, value) }
    #expect(stream.droppedCount == 0)
    #expect(await take(10_000, from: stream).count == 10_000)
  }

  @Test("rule 39: a bus stream starts with the producer's value, then every publish")
  func busStreamStartsWithProducersValue() async throws {
    let bus = EventBus(name: "bus")
    let producing = bus.produce(Int.self) { 41 }
    let stream = bus.events(of: Int.self)
    bus.publish(42)
    bus.publish(43)
    #expect(await take(3, from: stream) == [41, 42, 43])
    await queueReached()
    #expect(bus.subscriberCount(for: Int.self) == 0)
    producing.cancel()
  }

  @Test("rule 39: a property stream starts with the current value, then every notifying write")
  func propertyStreamStartsWithCurrentValue() async throws {
    let property = Property(1, name: "count")
    let stream = property.values()
    property.value = 2
    property.value = 2
    property.setSilently(9)
    property.value = 3
    #expect(await take(3, from: stream) == [1, 2, 3])
    await queueReached()
    #expect(property.observerCount == 0)
  }

  @Test("rule 39: a node's value stream starts with the resolved value and follows re-resolution")
  func valueStreamFollowsMountAndUnmount() async throws {
    let dark = Node("dark")
    let light = Node("light")
    let panel = Node("panel")
    dark.share("dark", for: .theme)
    light.share("light", for: .theme)
    let stream = panel.values(for: .theme)
    try panel.mount(at: dark)
    panel.unmountFromAll()
    try panel.mount(at: light)
    light.removeShared(.theme)
    #expect(await take(5, from: stream) == [nil, "dark", nil, "light", nil])
  }

  @Test("rule 40: a property stream takes a buffering policy; each call makes its own observer")
  func propertyStreamTakesAPolicy() async throws {
    let property = Property(0, name: "count")
    let newest = property.values(bufferingPolicy: .bufferingNewest(1))
    let all = property.values()
    #expect(property.observerCount == 2)
    for value in 1...3 { property.value = value }
    #expect(newest.droppedCount == 3)
    #expect(all.droppedCount == 0)
    #expect(await take(1, from: newest) == [3])
    #expect(await take(4, from: all) == [0, 1, 2, 3])
    await queueReached()
    #expect(property.observerCount == 0)
  }
}
