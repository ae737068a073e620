import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

extension DataKey where Value == Int {
  fileprivate static let count = DataKey("count")
}

@MainActor
@Suite("Data shared down: subscriptions, tracing, depth", .leakChecked)
struct DataSharingSubscriptionTests {
  @Test("a subscriber cancelled during a notification is not called")
  func cancelledDuringNotificationIsSkipped() throws {
    let root = Node("root")
    let first = Node("first")
    let second = Node("second")
    try first.mount(at: root)
    try second.mount(at: root)
    var log: [String] = []
    var secondToken: Subscription?
    first.subscribe(.count) { value in
      log.append("first:\(value ?? -1)")
      secondToken?.cancel()
    }
    secondToken = second.subscribe(.count) { log.append("second:\($0 ?? -1)") }
    root.share(1, for: .count)
    #expect(log == ["first:1"])
  }

  @Test("a subscription ends with its node: the registry counts zero after teardown")
  func subscriptionsDieWithTheirNode() throws {
    let before = ChainRuntime.main.data.subscriberCount
    let root = Node("root")
    var leaf: Node? = Node("leaf")
    try leaf?.mount(at: root)
    var calls = 0
    let token = leaf?.subscribe(.count) { _ in calls += 1 }
    leaf = nil
    root.share(5, for: .count)
    #expect(calls == 0)
    #expect(token?.isActive == false)
    #expect(ChainRuntime.main.data.subscriberCount == before)
  }

  @Test("sharing is reported to tracers on the sharing node's path")
  func shareIsTraced() throws {
    let root = Node("root")
    let item = Node("item")
    let leaf = Node("leaf")
    try item.mount(at: root)
    try leaf.mount(at: item)
    let log = TraceLog()
    root.install(log)
    leaf.subscribe(.count) { _ in }
    item.share(3, for: .count)
    item.removeShared(.count)
    let shares = log.records.compactMap { record -> ShareRecord? in
      if case .share(let share) = record { share } else { nil }
    }
    #expect(
      shares == [
        ShareRecord(
          node: "item", key: "count", value: "3", action: .shared, subscribersNotified: 1),
        ShareRecord(
          node: "item", key: "count", value: "nil", action: .removed, subscribersNotified: 1),
      ])
  }

  // NB: no time limit: the work is bounded by the tree's size, and an overflow crashes.
  @Test("a 100,000-deep tree shares and re-resolves without overflowing the stack")
  func deepTreeShares() throws {
    let nodes = (0...100_000).map { Node("n\($0)") }
    let root = nodes[0]
    // Mounted from the bottom up, so each cycle check sees a parent that has no ancestors yet.
    for index in stride(from: 100_000, to: 0, by: -1) {
      try nodes[index].mount(at: nodes[index - 1])
    }
    var seen: [Int] = []
    nodes[50_000].subscribe(.count) { seen.append($0 ?? -1) }
    nodes[100_000].subscribe(.count) { seen.append($0 ?? -1) }
    root.share(7, for: .count)
    nodes[1].unmount(from: root)
    #expect(seen == [7, 7, -1, -1])
    #expect(nodes[100_000].value(for: .count) == nil)
  }

  @Test("a subscriber that re-shares its own key ends at the nesting limit instead of the stack")
  func runawaySharingStops() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var calls = 0
    leaf.subscribe(.count) { value in
      calls += 1
      root.share((value ?? 0) + 1, for: .count)
    }
    root.share(0, for: .count)
    #expect(calls <= ReentryGuard.nestingLimit + 1)
    #expect(calls > 1)
  }

  @Test("sharing a constant again at the same node delivers each new value")
  func resharingDeliversEachValue() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var log: [Int?] = []
    leaf.subscribe(.count) { log.append($0) }
    root.share(1, for: .count)
    root.share(1, for: .count)
    root.share(2, for: .count)
    #expect(log == [1, 1, 2])
  }

  @Test("a subscriber re-sharing mid-notification leaves later subscribers called once, newest")
  func resharingMidNotificationCallsLaterSubscribersOnce() throws {
    let root = Node("root")
    let first = Node("first")
    let second = Node("second")
    try first.mount(at: root)
    try second.mount(at: root)
    var log: [String] = []
    first.subscribe(.count) { value in
      log.append("first:\(value ?? -1)")
      if value == 1 { root.share(2, for: .count) }
    }
    second.subscribe(.count) { log.append("second:\($0 ?? -1)") }
    root.share(1, for: .count)
    #expect(log == ["first:1", "first:2", "second:2"])
  }
}
