import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

extension EventKey where Payload == Int {
  fileprivate static let tap = EventKey("tap")
  fileprivate static let flat = EventKey("flat", bubbles: false)
}

/// What one run of a scenario left: the listeners' log and the trace, with what differs between
/// runs (dispatch ids, times) normalised away, and how many recording plans it made.
private struct Run: Equatable {
  var log: [String]
  var trace: [TraceRecord]
  var plansMade: Int

  static func == (lhs: Run, rhs: Run) -> Bool { lhs.log == rhs.log && lhs.trace == rhs.trace }
}

/// A tree of its own runtime: root, mid, leaf in a line, and, for a diamond, `side` under `root`
/// as a second parent of `leaf`.
@MainActor
private struct Tree {
  let runtime = ChainRuntime()
  let root: Node
  let mid: Node
  let leaf: Node
  let side: Node

  init(diamond: Bool) throws {
    root = Node("root", runtime: runtime)
    mid = Node("mid", runtime: runtime)
    leaf = Node("leaf", runtime: runtime)
    side = Node("side", runtime: runtime)
    try mid.mount(at: root)
    try leaf.mount(at: mid)
    if diamond {
      try side.mount(at: root)
      try leaf.mount(at: side)
    }
  }
}

/// Runs `scenario` on a fresh tree with recording plans on or off.
@MainActor
private func run(
  plans: Bool, diamond: Bool = false,
  _ scenario: (Tree, _ log: Box<[String]>) throws -> Void
) throws -> Run {
  let tree = try Tree(diamond: diamond)
  tree.runtime.recordingPlansEnabled = plans
  let traceLog = TraceLog()
  let token = tree.root.install(traceLog)
  let log = Box<[String]>([])
  try scenario(tree, log)
  token.cancel()
  let base = traceLog.dispatches.map(\.id).min() ?? 0
  let trace = traceLog.records.map { record -> TraceRecord in
    guard case .dispatch(var dispatch) = record else { return record }
    dispatch.id -= base
    dispatch.parent = dispatch.parent.map { $0 - base }
    dispatch.elapsedNanoseconds = 0
    for index in dispatch.hops.indices { dispatch.hops[index].elapsedNanoseconds = 0 }
    return .dispatch(dispatch)
  }
  return Run(log: log.value, trace: trace, plansMade: tree.runtime.recordingPlansMade)
}

/// A mutable value the scenarios' listeners share.
@MainActor
private final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// A plan watched without keeping it alive.
@MainActor
private final class WeakPlan {
  weak var plan: RecordingPlan?
}

private struct Thrown: Error, CustomStringConvertible {
  var description: String { "thrown" }
}

/// A traced dispatch along its recording plan records exactly what the walk over the hits
/// records: the same hops, phases, positions, listener outcomes, errors and stops, in the same
/// order, including where it must leave the plan or cannot have one.
@Suite(
  "Recording plans: a traced dispatch records what the walk over the hits records", .leakChecked)
@MainActor
struct RecordingPlanTests {
  /// Runs `scenario` with plans on and off and expects the same log and trace, and that plans
  /// were made (`planned`) or not.
  private func expectSame(
    planned: Bool, diamond: Bool = false,
    _ scenario: (Tree, _ log: Box<[String]>) throws -> Void
  ) throws {
    let walked = try run(plans: false, diamond: diamond, scenario)
    let recorded = try run(plans: true, diamond: diamond, scenario)
    #expect(walked.plansMade == 0)
    #expect((recorded.plansMade > 0) == planned, "plans made: \(recorded.plansMade)")
    #expect(recorded.log == walked.log)
    #expect(recorded.trace == walked.trace)
    #expect(!recorded.trace.isEmpty)
  }

  @Test("capture and bubble listeners, a removed slot, a once listener, a throw and a stop")
  func everyPhaseAndOutcome() throws {
    try expectSame(planned: true) { tree, log in
      tree.root.on(.tap, capture: true) { _, value in log.value.append("root capture \(value)") }
      tree.root.on(.tap) { _, value in log.value.append("root \(value)") }
      tree.mid.on(.tap, capture: true) { _, value in log.value.append("mid capture \(value)") }
      let gone = tree.mid.on(.tap) { _, _ in log.value.append("never") }
      tree.mid.on(.tap) { ctx, value in
        log.value.append("mid \(value)")
        if value == 2 { throw Thrown() }
        if value == 3 { ctx.stopPropagation() }
      }
      tree.mid.once(.tap) { _, value in log.value.append("mid once \(value)") }
      tree.leaf.on(.tap) { _, value in log.value.append("leaf \(value)") }
      gone.cancel()
      for value in 1...4 { tree.leaf.post(.tap, value) }
      tree.leaf.post(.flat, 5)
    }
  }

  @Test("an immediate stop skips the rest of its node's listeners")
  func immediateStop() throws {
    try expectSame(planned: true) { tree, log in
      tree.mid.on(.tap) { _, _ in log.value.append("first") }
      tree.mid.on(.tap) { ctx, value in
        log.value.append("second \(value)")
        if value.isMultiple(of: 2) { ctx.stopImmediatePropagation() }
      }
      tree.mid.on(.tap) { _, _ in log.value.append("third") }
      tree.root.on(.tap) { _, _ in log.value.append("root") }
      for value in 1...3 { tree.leaf.post(.tap, value) }
    }
  }

  @Test("registrations during the dispatch send it over the hits from the next node")
  func registrationDuringDispatch() throws {
    try expectSame(planned: true) { tree, log in
      var later: Subscription?
      later = tree.root.on(.tap) { _, value in log.value.append("root later \(value)") }
      tree.root.on(.tap) { _, value in log.value.append("root \(value)") }
      tree.leaf.on(.tap) { [unowned mid = tree.mid] _, value in
        log.value.append("leaf \(value)")
        if value == 2 { later?.cancel() }
        // The middle node gains the key, then an interceptor, between the plan's passes.
        if value == 3 { mid.on(.tap) { _, value in log.value.append("mid added \(value)") } }
        if value == 4 { mid.intercept(.tap) { _, value in value += 100 } }
        if value == 5 {
          mid.on(.tap, capture: true) { _, value in log.value.append("late \(value)") }
        }
      }
      for value in 1...6 { tree.leaf.post(.tap, value) }
    }
  }

  @Test("a nested post along the same path, and a listener that throws at the target")
  func nestedPost() throws {
    try expectSame(planned: true) { tree, log in
      tree.root.on(.tap) { [unowned leaf = tree.leaf] _, value in
        log.value.append("root \(value)")
        if value < 3 { leaf.post(.tap, value + 10) }
      }
      tree.leaf.on(.tap) { _, value in
        log.value.append("leaf \(value)")
        if value > 10 { throw Thrown() }
      }
      for value in 1...3 { tree.leaf.post(.tap, value) }
      for value in 1...2 { tree.mid.post(.tap, value) }
    }
  }

  @Test("a plan a nested post replaces stays alive while the dispatch walking it runs")
  func replacedPlanOutlivesItsDispatch() throws {
    let tree = try Tree(diamond: false)
    let traceLog = TraceLog()
    let token = tree.root.install(traceLog)
    let outer = WeakPlan()
    let alive = Box<[Bool]>([])
    tree.mid.on(.tap) { [unowned leaf = tree.leaf, unowned mid = tree.mid] _, value in
      guard value == 1 else { return }
      outer.plan = leaf.core.cachedPath.lastRecordingPlan
      // A registration for the key, then a post of it along the same path, which makes the
      // path's plan afresh and replaces the one this dispatch walks.
      mid.on(.tap) { _, _ in }
      leaf.post(.tap, 2)
      alive.value.append(outer.plan != nil)
    }
    tree.leaf.post(.tap, 1)
    token.cancel()
    #expect(tree.runtime.recordingPlansMade == 2)
    #expect(alive.value == [true])
  }

  @Test("over two parents: each node visited once, in path order")
  func overTwoParents() throws {
    try expectSame(planned: true, diamond: true) { tree, log in
      tree.side.on(.tap) { _, value in log.value.append("side \(value)") }
      tree.mid.on(.tap, capture: true) { _, value in log.value.append("mid capture \(value)") }
      tree.root.on(.tap) { ctx, value in
        log.value.append("root \(value)")
        ctx.preventDefault()
      }
      for value in 1...2 { tree.leaf.post(.tap, value) }
    }
  }

  @Test("interceptors or a capture listener at the target: no plan, the walk over the hits")
  func noPlanWhereTheWalkIsNeeded() throws {
    try expectSame(planned: false) { tree, log in
      tree.mid.intercept(.tap) { _, value in value += 100 }
      tree.root.on(.tap) { _, value in log.value.append("root \(value)") }
      tree.leaf.post(.tap, 1)
    }
    try expectSame(planned: false) { tree, log in
      tree.leaf.on(.tap, capture: true) { _, value in log.value.append("leaf capture \(value)") }
      tree.leaf.on(.tap) { _, value in log.value.append("leaf \(value)") }
      tree.leaf.post(.tap, 1)
    }
  }
}
