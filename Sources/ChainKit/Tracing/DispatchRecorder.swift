/// Builds a ``DispatchRecord`` while a traced dispatch runs.
///
/// Only allocated when a tracer is installed on the path, so untraced dispatches pay one nil check
/// per visited node.
@MainActor
@usableFromInline
final class DispatchRecorder {
  private var record: DispatchRecord
  private let start = ContinuousClock.now
  /// Where the finished record goes: the tracers on the dispatch's path.
  private var tracers: [any Tracer] = []
  private var hopStart = ContinuousClock.now
  private var hop: HopRecord?
  private var before = (listeners: 0, errors: 0, stopped: false, prevented: false)

  init<P>(
    id: UInt64, parent: UInt64, kind: DispatchRecord.Kind, key: String, payload: P,
    path: ContiguousArray<NodeCore>
  ) {
    record = DispatchRecord(
      id: id, parent: parent == 0 ? nil : parent, kind: kind, key: key,
      payload: String(describing: payload), origin: path.first?.name ?? "",
      path: path.map(\.name), hops: [], listenersRun: 0, stopped: false, prevented: false,
      answeredBy: nil, errors: [], elapsedNanoseconds: 0)
  }

  /// A recorder for an event posted, or a request asked, along `path` (out of line: only traced
  /// dispatches need one).
  @usableFromInline
  static func make<P>(
    _ kind: DispatchRecord.Kind, id: UInt64, parent: UInt64, key: String, payload: P,
    path: PathCache
  ) -> DispatchRecorder {
    let recorder = DispatchRecorder(
      id: id, parent: parent, kind: kind, key: key, payload: payload, path: path.cores)
    recorder.tracers = path.tracers
    return recorder
  }

  /// Sends the finished record to the tracers on the path.
  @usableFromInline
  func emit(_ outcome: Outcome) {
    Trace.emit(.dispatch(finish(outcome)), to: tracers)
  }

  @usableFromInline
  func beginHop(node: String, phase: Phase, ctx: borrowing EventContext) {
    hopStart = ContinuousClock.now
    before = (ctx.listenersRun, ctx.errors.count, ctx.stopRequested, ctx.prevented)
    hop = HopRecord(
      node: node, phase: phase, listenersRun: 0, interceptedFrom: nil, interceptedTo: nil,
      stopped: false, stoppedImmediately: false, prevented: false, answered: false, errors: [],
      elapsedNanoseconds: 0)
  }

  @usableFromInline
  func intercepted(before: String, after: String) {
    if hop?.interceptedFrom == nil { hop?.interceptedFrom = before }
    hop?.interceptedTo = after
  }

  @usableFromInline
  func answered(by node: String) {
    hop?.answered = true
    if record.answeredBy == nil { record.answeredBy = node }
  }

  @usableFromInline
  func endHop(ctx: borrowing EventContext) {
    guard var hop else { return }
    hop.listenersRun = ctx.listenersRun - before.listeners
    hop.stopped = ctx.stopRequested && !before.stopped
    hop.stoppedImmediately = hop.stopped && ctx.immediateStopRequested
    hop.prevented = ctx.prevented && !before.prevented
    hop.errors = ctx.errors[before.errors...].map { String(describing: $0) }
    hop.elapsedNanoseconds = Self.nanoseconds(ContinuousClock.now - hopStart)
    self.hop = nil
    // A node visited only because it has registrations for the key in another phase did
    // nothing worth showing.
    let didSomething =
      hop.listenersRun > 0 || hop.interceptedFrom != nil || hop.stopped || hop.prevented
      || hop.answered || !hop.errors.isEmpty
    if didSomething { record.hops.append(hop) }
  }

  func finish(_ outcome: Outcome) -> DispatchRecord {
    record.listenersRun = outcome.listenersRun
    record.stopped = outcome.isStopped
    record.prevented = outcome.isPrevented
    record.errors = outcome.errors.map { String(describing: $0) }
    record.elapsedNanoseconds = Self.nanoseconds(ContinuousClock.now - start)
    return record
  }

  static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }
}
