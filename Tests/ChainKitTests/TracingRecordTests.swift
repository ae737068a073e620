import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

private struct Refused: Error, CustomStringConvertible {
  var description: String { "refused" }
}

extension EventKey where Payload == Int {
  fileprivate static let ping = EventKey("ping")
  fileprivate static let pong = EventKey("pong")
}

extension RequestKey where Payload == Void, Response == String {
  fileprivate static let owner = RequestKey("owner")
}

/// root <- mid <- leaf, with a log installed at the root.
@MainActor
private func tracedTree() throws -> (root: Node, mid: Node, leaf: Node, log: TraceLog) {
  let root = Node("root")
  let mid = Node("mid")
  let leaf = Node("leaf")
  try mid.mount(at: root)
  try leaf.mount(at: mid)
  let log = TraceLog()
  root.install(log)
  return (root, mid, leaf, log)
}

@MainActor
@Suite("Trace records", .leakChecked)
struct TracingRecordTests {
  @Test("rule 37: the record of a nested dispatch names its parent dispatch")
  func nestedRecordNamesParent() throws {
    let tree = try tracedTree()
    tree.leaf.on(.ping) { ctx, value in ctx.target?.post(.pong, value + 1) }
    tree.root.on(.pong) { _, _ in }
    tree.leaf.post(.ping, 1)
    let records = tree.log.dispatches
    try #require(records.map(\.key) == ["pong", "ping"])
    #expect(records[0].parent == records[1].id)
    #expect(records[1].parent == nil)
    #expect(records[0].payload == "2")
    #expect(records[1].path == ["leaf", "mid", "root"])
    #expect(records[1].origin == "leaf")
  }

  @Test("rule 37: a hop records the payload before and after its interceptors")
  func hopRecordsInterceptorBeforeAndAfter() throws {
    let tree = try tracedTree()
    tree.mid.intercept(.ping) { _, value in value += 10 }
    tree.root.on(.ping) { _, _ in }
    tree.leaf.post(.ping, 1)
    let hops = tree.log.dispatches.first?.hops ?? []
    #expect(hops.map(\.node) == ["leaf", "mid", "root"])
    #expect(hops.map(\.passed) == [true, false, false])
    #expect(hops.map(\.interceptedFrom) == [nil, "1", nil])
    #expect(hops.map(\.interceptedTo) == [nil, "11", nil])
    #expect(hops.map(\.listenersRun) == [0, 0, 1])
  }

  @Test("rule 37: a hop records stop, immediate stop and prevent where they happened")
  func hopRecordsStopImmediateAndPrevent() throws {
    let tree = try tracedTree()
    tree.leaf.on(.ping) { ctx, _ in ctx.preventDefault() }
    tree.mid.on(.ping) { ctx, _ in ctx.stopImmediatePropagation() }
    tree.root.on(.ping) { _, _ in }
    tree.leaf.post(.ping, 1)
    tree.leaf.on(.pong) { ctx, _ in ctx.stopPropagation() }
    tree.leaf.post(.pong, 1)
    let records = tree.log.dispatches
    try #require(records.count == 2)
    let (ping, pong) = (records[0], records[1])
    // Root's only visit is its capture pass (nothing ran: a passed hop); the walk stopped at mid.
    #expect(ping.hops.map(\.node) == ["root", "leaf", "mid"])
    #expect(ping.hops.map(\.phase) == [.capture, .target, .bubble])
    #expect(ping.hops.map(\.passed) == [true, false, false])
    #expect(ping.hops.map(\.prevented) == [false, true, false])
    #expect(ping.hops.map(\.stoppedImmediately) == [false, false, true])
    #expect(ping.stopped && ping.prevented && ping.listenersRun == 2)
    #expect(pong.hops.map(\.node) == ["root", "mid", "leaf"])
    #expect(pong.hops.map(\.stopped) == [false, false, true])
    #expect(pong.hops.map(\.stoppedImmediately) == [false, false, false])
  }

  @Test("rule 37: listener errors appear in the hop and in the dispatch record")
  func errorsAppearInRecords() throws {
    let tree = try tracedTree()
    tree.mid.on(.ping) { _, _ in throw Refused() }
    tree.leaf.post(.ping, 1)
    let record = tree.log.dispatches.first
    #expect(record?.hops.map(\.errors) == [[], ["mid (bubble) ping: refused"], []])
    #expect(record?.hops.map(\.passed) == [true, false, true])
    #expect(record?.errors == ["mid (bubble) ping: refused"])
  }

  @Test("rule 37: a request's record names the node that answered")
  func requestRecordNamesAnswerer() throws {
    let tree = try tracedTree()
    tree.mid.respond(to: .owner) { _, _ in "mid" }
    tree.root.respond(to: .owner) { _, _ in "root" }
    #expect(tree.leaf.request(.owner) == "mid")
    let record = tree.log.dispatches.first
    #expect(record?.kind == .request)
    #expect(record?.answeredBy == "mid")
    // The target passed; the walk ended at mid's answer, so root has no hop.
    #expect(record?.hops.map(\.node) == ["leaf", "mid"])
    #expect(record?.hops.map(\.answered) == [false, true])
  }

  @Test("rule 37: mounts, unmounts and releases below the tracer are recorded")
  func mountsAndUnmountsAreRecorded() throws {
    let tree = try tracedTree()
    let child = Node("child")
    try child.mount(at: tree.mid)
    child.unmount(from: tree.mid)
    var released: Node? = Node("released")
    try released?.mount(at: tree.mid)
    released = nil
    #expect(
      tree.log.records == [
        .mount(MountRecord(node: "child", parent: "mid", reason: .mounted)),
        .unmount(MountRecord(node: "child", parent: "mid", reason: .unmounted)),
        .mount(MountRecord(node: "released", parent: "mid", reason: .mounted)),
        .unmount(MountRecord(node: "released", parent: "mid", reason: .released)),
      ])
  }
}
