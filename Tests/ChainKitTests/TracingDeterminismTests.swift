import ChainKit
import ChainKitTestSupport
import ChainKitTracing
import Testing

extension EventKey where Payload == Int {
  fileprivate static let step = EventKey("step")
  fileprivate static let echo = EventKey("echo")
}

/// The same scenario on a fresh tree: the listeners' log and the trace, with the parts that
/// legitimately differ between runs (process-wide ids, elapsed times) normalised away.
@MainActor
private func runScenario() throws -> (log: [String], trace: [TraceRecord]) {
  let root = Node("root")
  let panel = Node("panel")
  let list = Node("list")
  let item = Node("item")
  let traceLog = TraceLog()
  root.install(traceLog)
  try panel.mount(at: root)
  try list.mount(at: panel)
  try item.mount(at: list)
  try item.mount(at: panel)
  var log: [String] = []
  root.on(.step, capture: true) { ctx, value in
    log.append("capture root \(value) \(ctx.targetName)")
  }
  list.intercept(.step) { _, value in value *= 2 }
  panel.on(.step) { ctx, value in
    log.append("panel \(value)")
    if value % 3 == 0 { ctx.currentNode?.post(.echo, value) }
  }
  root.on(.echo) { _, value in log.append("echo \(value)") }
  for value in 1...6 { item.post(.step, value) }
  let base = traceLog.dispatches.map(\.id).min() ?? 0
  let trace = traceLog.records.map { record -> TraceRecord in
    guard case .dispatch(var dispatch) = record else { return record }
    dispatch.id -= base
    dispatch.parent = dispatch.parent.map { $0 - base }
    dispatch.elapsedNanoseconds = 0
    for index in dispatch.hops.indices { dispatch.hops[index].elapsedNanoseconds = 0 }
    return .dispatch(dispatch)
  }
  return (log, trace)
}

@MainActor
@Suite("Deterministic dispatch", .leakChecked)
struct TracingDeterminismTests {
  @Test("rule 23: the same sequence of posts twice gives the same listener log and trace")
  func sameSequenceSameLog() throws {
    let first = try runScenario()
    let second = try runScenario()
    #expect(first.log == second.log)
    #expect(first.trace == second.trace)
    #expect(first.log.prefix(3) == ["capture root 1 item", "panel 2", "capture root 2 item"])
    #expect(first.trace.count == 4 + 8)
  }

  @Test("rule 23: a post returns only after every listener on its path has run")
  func postIsSynchronous() {
    let node = Node("node")
    var log: [String] = []
    node.on(.step) { _, value in log.append("heard \(value)") }
    node.post(.step, 1)
    log.append("returned")
    #expect(log == ["heard 1", "returned"])
  }
}
