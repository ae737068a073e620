import ChainKit
import ChainKitTestSupport
import ChainKitTracing
import Testing

extension EventKey where Payload == Int {
  fileprivate static let kept = EventKey("kept")
  fileprivate static let skipped = EventKey("skipped")
}

@MainActor
@Suite("Trace filters", .leakChecked)
struct TracingFilterTests {
  @Test("rule 37: a filter by key keeps only that key's dispatches")
  func filterByKey() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    let log = TraceLog(filter: TraceFilter(keys: ["kept"]))
    root.install(log)
    try leaf.mount(at: root)
    root.on(.kept) { _, _ in }
    root.on(.skipped) { _, _ in }
    leaf.post(.kept, 1)
    leaf.post(.skipped, 2)
    leaf.post(.kept, 3)
    #expect(log.records.count == 2)
    #expect(log.dispatches.map(\.payload) == ["1", "3"])
  }

  @Test("rule 37: a filter by node keeps the records whose path or link involves that node")
  func filterByNode() throws {
    let root = Node("root")
    let left = Node("left")
    let right = Node("right")
    let log = TraceLog(filter: TraceFilter(nodes: ["left"]))
    root.install(log)
    try left.mount(at: root)
    try right.mount(at: root)
    root.on(.kept) { _, _ in }
    left.post(.kept, 1)
    right.post(.kept, 2)
    root.post(.kept, 3)
    #expect(
      log.records.map(\.nodeNames) == [["left", "root"], ["left", "root"]])
    #expect(log.dispatches.map(\.payload) == ["1"])
  }

  @Test("rule 37: a filter by key and node keeps records that match both")
  func filterByKeyAndNode() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let log = TraceLog(filter: TraceFilter(keys: ["kept"], nodes: ["leaf"]))
    root.install(log)
    root.on(.kept) { _, _ in }
    root.on(.skipped) { _, _ in }
    leaf.post(.kept, 1)
    leaf.post(.skipped, 2)
    root.post(.kept, 3)
    #expect(log.dispatches.map(\.payload) == ["1"])
  }
}
