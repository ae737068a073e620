import Testing

@testable import ChainKit

/// The path cache and the bus check their invariants from their own operations in builds with
/// invariants, as the `Runtime/Storage` types do: a corrupted one traps at its next operation,
/// with its message, instead of reading through a bad cast or a wrong node later.
@Suite("Path caches and buses check themselves from their own operations")
struct OwnOperationInvariantTests {
  @Test("PathCache: a path whose next node is not a parent of the one before is caught when built")
  func pathCacheCatchesABrokenChain() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let child = Node("child")
        let stranger = Node("stranger")
        _ = PathCache(
          cores: [child.core, stranger.core], reachedFrom: [-1, 0], hooks: [], observers: [],
          builtAt: 0)
      }
    }
    StorageInvariantTests.expectMessage("broken chain", in: result)
  }

  @Test("PathCache: a healthy path passes its check when built and when its hits are found")
  @MainActor
  func pathCacheHealthy() throws {
    let root = Node("root")
    let child = Node("child")
    try child.mount(at: root)
    let key = EventKey<Int>("ping")
    var log: [String] = []
    let token = root.on(key) { _, value in log.append("root:\(value)") }
    child.post(key, 1)
    child.post(key, 2)
    child.core.currentPath.checkInvariants(owner: child.core)
    #expect(log == ["root:1", "root:2"])
    token.cancel()
  }

  @Test("EventBus: a slot stored under another event type is caught by the next slot added")
  func busCatchesASlotUnderAnotherType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let bus = EventBus(name: "test")
        bus.slots[ObjectIdentifier(Int.self)] = BusSlot<String>(
          typeName: "String", runtime: bus.runtime)
        _ = bus.subscribe(Double.self) { _ in }
      }
    }
    StorageInvariantTests.expectMessage("'String' slot under another type", in: result)
  }

  @Test("EventBus: a healthy bus passes its check after subscribes, publishes and tracers")
  @MainActor
  func busHealthy() {
    let bus = EventBus(name: "test")
    var log: [String] = []
    let ints = bus.subscribe(Int.self) { log.append("int:\($0)") }
    let strings = bus.subscribe(String.self) { log.append("string:\($0)") }
    bus.publish(1)
    bus.publish("a")
    bus.publish(2)
    bus.checkInvariants()
    #expect(log == ["int:1", "string:a", "int:2"])
    ints.cancel()
    strings.cancel()
  }
}
