// A program that uses only ChainKit's public API (no @testable, no SPI) consumes every kind of
// stream with `for await`, cancels the consuming task and sees the registration gone, and asks
// the chain a question from a detached task.
import ChainKit
import ChainKitTestSupport
import Testing

extension EventKey where Payload == Int {
  fileprivate static let tick = EventKey("tick")
}

extension RequestKey where Payload == String, Response == Int {
  fileprivate static let length = RequestKey("length")
}

/// Consumes `stream` until cancelled; counts what it saw.
private func consume<Element: Sendable>(
  _ stream: ChainStream<Element>, seen: @escaping @Sendable @MainActor () -> Void
) -> Task<Void, Never> {
  Task.detached {
    for await _ in stream { await seen() }
  }
}

@MainActor
@Suite("Concurrency through the public API")
struct PublicConcurrencyTests {
  @Test("Node, bus and property streams end their registrations when their task is cancelled")
  func streamsEndWhenTheirTaskIsCancelled() async throws {
    let node = Node("node")
    let bus = EventBus(name: "bus")
    let property = Property(0, name: "count")
    var seen = 0
    let tasks = [
      consume(node.events(for: .tick)) { seen += 1 },
      consume(bus.events(of: Int.self)) { seen += 1 },
      consume(property.values()) { seen += 1 },
    ]
    node.post(.tick, 1)
    bus.publish(1)
    property.value = 1
    // The property's stream starts with its current value: 4 elements in all.
    #expect(await turnsUntil(turns: elementWaitTurns) { seen == 4 }, "saw \(seen) of 4 elements")
    #expect(node.registrationCount == 1)
    #expect(bus.subscriberCount(for: Int.self) == 1)
    #expect(property.observerCount == 1)
    for task in tasks { task.cancel() }
    let gone = await turnsUntil(turns: elementWaitTurns) {
      node.registrationCount == 0 && bus.subscriberCount(for: Int.self) == 0
        && property.observerCount == 0
    }
    #expect(gone, "a registration outlived its cancelled stream")
    // NB: awaited only once the registrations are gone, which ends the loops: never a hang.
    if gone { for task in tasks { await task.value } }
  }

  @Test("A detached task asks the chain and gets the first answer")
  func detachedTaskAsksTheChain() async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    root.respondAsync(to: .length) { (text: String) async in text.count }
    let remote = leaf.remote
    let answer = try await Task.detached { try await remote.request(.length, "hello") }.value
    #expect(answer == 5)
  }
}
