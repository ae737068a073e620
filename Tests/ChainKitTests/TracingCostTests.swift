import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

/// A payload that counts how often it is described.
enum Described {
  @MainActor static var count = 0
}

struct Counted: Sendable, CustomStringConvertible {
  var description: String {
    MainActor.assumeIsolated { Described.count += 1 }
    return "counted"
  }
}

@MainActor
@Suite("What tracing costs", .serialized, .leakChecked)
struct TracingCostTests {
  @Test("issue 13: a traced post describes its payload only when the record is read, once")
  func payloadDescribedWhenRead() throws {
    Described.count = 0
    let key = EventKey<Counted>("counted")
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let log = TraceLog()
    root.install(log)
    root.intercept(key) { _, _ in }
    root.on(key) { _, _ in }
    for _ in 0..<10 { leaf.post(key, Counted()) }
    #expect(Described.count == 0)
    #expect(log.dispatches.last?.payload == "counted")
    #expect(Described.count == 1)
    _ = log.dispatches.last?.payload
    #expect(Described.count == 1)
    for record in log.dispatches { record.payloadText.box?.checkInvariants() }
  }

  @Test("issue 13: a traced publish describes its event only when the record is read")
  func busEventDescribedWhenRead() {
    Described.count = 0
    let bus = EventBus(name: "cost")
    let log = TraceLog()
    bus.install(log)
    let token = bus.subscribe(Counted.self) { _ in }
    for _ in 0..<5 { bus.publish(Counted()) }
    #expect(Described.count == 0)
    let events = log.records.compactMap { record -> String? in
      if case .publish(let bus) = record { bus.event } else { nil }
    }
    #expect(events == Array(repeating: "counted", count: 5))
    #expect(Described.count == 5)
    token.cancel()
  }

  @Test("issue 13: with no tracer, nothing is described and no recorder is made")
  func untracedPostDescribesNothing() throws {
    Described.count = 0
    let key = EventKey<Counted>("counted")
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    root.on(key) { _, _ in }
    let outcome = leaf.post(key, Counted())
    #expect(outcome.listenersRun == 1)
    #expect(Described.count == 0)
  }
}
