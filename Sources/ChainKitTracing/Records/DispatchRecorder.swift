import ChainKit

/// Builds a ``DispatchRecord`` while a traced dispatch runs: the recording a ``TracerHook`` makes
/// for ChainKit's probe.
///
/// Only used when a tracer is installed on the path, so untraced dispatches pay one nil check
/// per visited node.
///
/// What a traced dispatch costs: recorders come from a free list (no allocation once one has
/// been made); per visited node, one clock read and a few counters; a hop where nothing
/// happened is not kept, and becomes a ``HopRecord/passed`` hop when the hops are made. The
/// payload, and each node's rewrite of it, is kept in one ``PayloadBox`` and described only when
/// the record is read; the kept hops go to the box too (``RecordedHops``), made into hop records
/// only when ``DispatchRecord/hops`` is read, so a tracer that drops or filters records never
/// makes them. So a traced dispatch allocates the box, the kept hops' buffer only while a tracer
/// still holds the recorder's previous record (the record shares it), and one array more if an
/// interceptor ran. The activity observers on the path hear the dispatch through their
/// own probe in ChainKit, so they never make a record built.
///
/// NB: the per-dispatch state is `@exclusivity(unchecked)`: the dynamic check would cost more
/// than the recording it guards, and it could never fire, by this invariant (checked by
/// ``checkInvariants(of:)`` each time a recorder is recycled, in builds with `CHAINKIT_INVARIANTS`):
///
/// 1. A recorder in use is reachable only from the dispatch that took it from the free list (it
///    is never handed to a listener, tracer or description); a recorder on the free list only
///    from the list, and it holds no box, cores or tracers.
/// 2. Its methods call no code that could reach it: what they call (descriptions of thrown
///    errors, a box's `keep`) cannot name a recorder, and a nested dispatch takes another one.
///    Tracers are called by ``emit(_:)`` only after the recorder is recycled.
@MainActor
final class DispatchRecorder: DispatchRecording {
  typealias PendingHop = RecordedHops.Hop
  private typealias Extra = RecordedHops.Extra

  @exclusivity(unchecked) private var id: UInt64 = 0
  @exclusivity(unchecked) private var parent: UInt64 = 0
  @exclusivity(unchecked) private var kind = DispatchKind.event
  @exclusivity(unchecked) private var key = ""
  @exclusivity(unchecked) private var walk = DispatchWalk(count: 0, isRequest: false, bubbles: true)
  @exclusivity(unchecked) private var box: DescriptionBox?
  /// The identities of the nodes of the dispatch's path, while it runs.
  @exclusivity(unchecked) private var nodeIDs: ContiguousArray<ObjectIdentifier> = []
  /// Where the finished record goes: the hooks (tracers) on the dispatch's path.
  @exclusivity(unchecked) private var hooks: [any TraceHook] = []
  @exclusivity(unchecked) private var start: UInt64 = 0
  /// The end of the previous visited hop, or the start: where the next hop's time begins.
  @exclusivity(unchecked) private var stamp: UInt64 = 0
  /// Whether the dispatch walked its path (one refused for nesting too deep did not).
  @exclusivity(unchecked) private var walked = false
  /// The hops where something happened, in walk order.
  @exclusivity(unchecked) private var kept: ContiguousArray<PendingHop> = []
  @exclusivity(unchecked) private var extras: [Extra] = []
  @exclusivity(unchecked) private var hop = PendingHop()
  @exclusivity(unchecked) private var before = (
    listeners: 0, errors: 0, stopped: false, prevented: false
  )
  /// The walk positions of each phase's visits (first and last; empty when first > last),
  /// found once per dispatch rather than at each hop.
  @exclusivity(unchecked) private var phasePositions = (
    capture: (first: 0, last: -1), target: (first: 0, last: -1), bubble: (first: 0, last: -1)
  )
  /// The target's walk position: a node's path index is its distance from it.
  @exclusivity(unchecked) private var targetPosition = 0
  /// The first walk position the next hop can be at.
  @exclusivity(unchecked) private var cursor = 0
  /// The position where a stop, or a request's accepted answer, ended the walk.
  @exclusivity(unchecked) private var end: Int?
  @exclusivity(unchecked) private var answeredBy: String?
  /// The path's node names, target first: the path's own array, shared, so a recorder keeps no
  /// reference to the path (and its tracers).
  @exclusivity(unchecked) private var names: [String] = []
  /// The probe ChainKit's dispatch calls, made with the recorder; it holds the recorder (and the
  /// runtime's free list holds it), so the recorder refers to it unowned.
  @exclusivity(unchecked) private unowned var probe: RecordingProbe?
  /// The runtime of the dispatch being recorded: whose free list the recorder returns to and
  /// whose door its record goes through.
  @exclusivity(unchecked) private var runtime: ChainRuntime?

  private init() {}

  /// The record of a dispatch that never walked its path (refused for nesting too deep), along
  /// the nodes named `path` (target first).
  static func refused(_ start: DispatchStart, path: [String], outcome: Outcome) -> DispatchRecord {
    let recorder = DispatchRecorder()
    recorder.names = path
    recorder.begin(start)
    return recorder.record(outcome)
  }

  /// A recorder for the dispatch `start` along `path`.
  ///
  /// Out of line: only traced dispatches need one. Recorders come from a free list the runtime
  /// keeps.
  static func make(_ start: DispatchStart, path: PathCache) -> RecordingProbe {
    let probe: RecordingProbe
    let runtime = path.runtime
    if let spare = RecordingProbe.takeFree(from: runtime) {
      probe = spare
    } else {
      let made = DispatchRecorder()
      probe = RecordingProbe(made)
      made.probe = probe
    }
    // Every probe on the free list was made here, with a recorder of this type.
    guard let recorder = probe.recorder as? DispatchRecorder else {
      preconditionFailure("a free recorder's probe holds another kind of recorder")
    }
    recorder.runtime = runtime
    recorder.walk(path)
    recorder.begin(start)
    return probe
  }

  private func walk(_ path: PathCache) {
    names = path.names
    nodeIDs = path.nodeIDs
    hooks = path.hooks
    walked = true
  }

  private func begin(_ dispatch: DispatchStart) {
    id = dispatch.id
    parent = dispatch.parent
    kind = dispatch.kind
    key = dispatch.key
    box = dispatch.box
    walk = DispatchWalk(
      count: names.count, isRequest: dispatch.kind == .request, bubbles: dispatch.bubbles)
    phasePositions = (
      Self.bounds(walk.positions(of: .capture)), Self.bounds(walk.positions(of: .target)),
      Self.bounds(walk.positions(of: .bubble))
    )
    targetPosition = walk.isRequest ? 0 : walk.count - 1
    cursor = 0
    // NB: emptied here, not when recycled: the last record shares the buffer, and once a tracer
    // has dropped that record the buffer is this recorder's alone again and is reused in place.
    kept.removeAll(keepingCapacity: true)
    start = TraceClock.now()
    stamp = start
  }

  /// Sends the finished record to the tracers on the path, after handing `activities` (if the
  /// path is observed too) to their observers.
  ///
  /// The recorder is free for another dispatch as soon as the record is made, so a tracer that
  /// posts reuses it.
  func finish(_ outcome: Outcome, deliveringFirst activities: ActivityBatch?) {
    let record = TraceRecord.dispatch(record(outcome))
    let hooks = self.hooks
    guard let runtime else { preconditionFailure("a recorder finished a dispatch it never began") }
    recycle()
    // Observers first: a tracer that reacts to a record (the explorer notes a refused nested
    // dispatch at its target) then finds the nodes' own lines of the dispatch already there.
    activities?.deliver()
    TracerHook.deliver(record, to: hooks, in: runtime)
  }

  private func recycle() {
    box = nil
    nodeIDs = []
    hooks = []
    if !extras.isEmpty { extras.removeAll() }
    end = nil
    answeredBy = nil
    walked = false
    guard let probe, let runtime else { return }
    self.runtime = nil
    probe.returnFree(to: runtime)
    #if CHAINKIT_INVARIANTS
      checkInvariants(of: runtime)
    #endif
  }

  /// Traps with a message if the free list breaks the invariant above: every recorder on it is
  /// recycled (no box, cores or tracers) and appears once.
  func checkInvariants(of runtime: ChainRuntime) {
    var seen: Set<ObjectIdentifier> = []
    var next = runtime.freeRecorders
    while let probe = next {
      guard let recorder = probe.recorder as? DispatchRecorder else {
        preconditionFailure("a free recorder's probe holds another kind of recorder")
      }
      precondition(seen.insert(ObjectIdentifier(probe)).inserted, "a recorder freed twice")
      precondition(
        recorder.box == nil && recorder.nodeIDs.isEmpty && recorder.hooks.isEmpty
          && recorder.probe === probe
          && !recorder.walked,
        "a recorder on the free list still holds a dispatch")
      next = probe.nextFree
    }
  }

  func beginHop(phase: Phase, ctx: borrowing EventContext) {
    hop = PendingHop(phase: phase, position: locate(ctx.currentNodeID, phase))
    if hop.position < 0 {
      hop.extra = extras.count
      extras.append(Extra(node: ctx.currentNodeName))
    }
    before = (ctx.listenersRun, ctx.errorCount, ctx.stopRequested, ctx.prevented)
  }

  /// The first and last of `positions`, or an empty pair.
  private static func bounds(_ positions: ClosedRange<Int>?) -> (first: Int, last: Int) {
    guard let positions else { return (0, -1) }
    return (positions.lowerBound, positions.upperBound)
  }

  /// The walk position of `core` in `phase`, from the cursor on.
  ///
  /// A capture visit's node is as far above the target as its position is before the target's;
  /// the others' as far as it is after (``DispatchWalk/index(at:)``, worked out here per phase).
  @inline(__always)
  private func locate(_ core: ObjectIdentifier, _ phase: Phase) -> Int {
    let bounds: (first: Int, last: Int)
    switch phase {
    case .capture: bounds = phasePositions.capture
    case .target: bounds = phasePositions.target
    case .bubble: bounds = phasePositions.bubble
    }
    let target = targetPosition
    let upward = phase != .capture
    var position = max(cursor, bounds.first)
    while position <= bounds.last {
      let index = upward ? position &- target : target &- position
      if nodeIDs[index] == core {
        cursor = position &+ 1
        return position
      }
      position &+= 1
    }
    return -1
  }

  /// Keeps the payload before and after an interceptor at the current hop, undescribed.
  func intercepted<P>(before: P, after: P) {
    guard let box = box as? PayloadBox<P> else { return }
    if hop.from == 0 {
      hop.from = box.keep(before)
      hop.to = box.keep(after)
    } else {
      box.replace(at: hop.to, with: after)
    }
  }

  /// Notes that a responder at the current hop answered; `walkEnds` when its answer ended the
  /// request's walk.
  func answered(by node: String, walkEnds: Bool) {
    hop.answered = true
    if answeredBy == nil { answeredBy = node }
    if walkEnds, end == nil, hop.position >= 0 { end = hop.position }
  }

  /// Notes what became of the listener in `slot` at the current hop; of two notes for one
  /// slot (the target's two passes, or ran then declined), the more telling or later is kept.
  @inline(__always)
  func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {
    let record = ListenerRecord(
      index: slot + 1, capture: capture, outcome: ListenerRecord.Outcome(outcome))
    if hop.extra < 0 || extras[hop.extra].listeners == nil,
      ListenerRecords.note(record, in: &hop.listeners)
    {
      return
    }
    makeExtra()
    if extras[hop.extra].listeners == nil {
      extras[hop.extra].listeners = ListenerRecords(word: hop.listeners)
    }
    extras[hop.extra].listeners?.note(record)
  }

  private func makeExtra() {
    guard hop.extra < 0 else { return }
    hop.extra = extras.count
    extras.append(Extra())
  }

  /// The current hop's listener records.
  private func listenerRecords(of hop: PendingHop) -> ListenerRecords {
    (hop.extra >= 0 ? extras[hop.extra].listeners : nil) ?? ListenerRecords(word: hop.listeners)
  }

  /// Notes a listener that ran, from the context before (`errors`, `stops`) and after it.
  func noteRan(
    slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext
  ) {
    let outcome: ListenerOutcome =
      ctx.errorCount > errors
      ? .threw
      : ctx.stopCount != stops
        ? (ctx.immediateStopRequested ? .stoppedImmediately : .stopped) : .ran
    noteListener(slot: slot, capture: capture, outcome)
  }

  func endHop(ctx: borrowing EventContext) {
    let now = TraceClock.now()
    defer { stamp = now }
    let ran = ctx.listenersRun - before.listeners
    let thrown = ctx.errorCount - before.errors
    let stopped = ctx.stopRequested && !before.stopped
    let prevented = ctx.prevented && !before.prevented
    // NB: the common hop (listeners ran, nothing else) appends and returns; nothing is
    // described or allocated unless something was thrown.
    // A listener removed before its turn is kept too: it is why that listener did not run.
    guard
      ran != 0 || thrown != 0 || stopped || prevented || hop.answered || hop.from != 0
        || listenerRecords(of: hop).containsRemoved
    else {
      return
    }
    hop.listenersRun = ran
    hop.stopped = stopped
    hop.stoppedImmediately = stopped && ctx.immediateStopRequested
    hop.prevented = prevented
    if thrown > 0 { noteErrors(ctx) }
    hop.elapsed = now &- stamp
    if stopped, end == nil, hop.position >= 0 { end = hop.position }
    kept.append(hop)
  }

  /// Describes the errors thrown at the current hop into its extra.
  ///
  /// NB: out of line: inlined, `ctx.errors` is retained and released on every hop, thrown or not.
  @inline(never)
  private func noteErrors(_ ctx: borrowing EventContext) {
    makeExtra()
    // A loop, not `map`: see finish(_:).
    for error in ctx.errors[before.errors...] {
      extras[hop.extra].errors.append(String(describing: error))
    }
  }

  /// The record of the dispatch as it ended with `outcome`.
  func record(_ outcome: Outcome) -> DispatchRecord {
    let now = TraceClock.now()
    #if CHAINKIT_INVARIANTS
      LiveObjectCensus.current?.noteRecordBuilt()
    #endif
    // NB: `if let`, not `Optional.map`: a closure made on the main actor and passed to a
    // nonisolated function checks the executor when called.
    var payload = TraceText("")
    if let box { payload = TraceText(box, index: 0) }
    var errors: [String] = []
    for error in outcome.errors { errors.append(String(describing: error)) }
    let recorded = RecordedHops(
      names: names, walk: walk, walked: walked, end: end, kept: kept, extras: extras)
    var hops = HopList.made([])
    if let box {
      // NB: the record shares `kept`'s buffer; begin(_:) empties it for the next dispatch.
      hops = .recorded(box, recorded)
    } else {
      var noIndices: [Int]?
      hops = .made(recorded.records(box: nil, indices: &noIndices))
    }
    return DispatchRecord(
      id: id, parent: parent == 0 ? nil : parent, kind: kind, key: key, origin: names.first ?? "",
      path: names, listenersRun: outcome.listenersRun, stopped: outcome.isStopped,
      prevented: outcome.isPrevented, answeredBy: answeredBy, errors: errors,
      elapsedNanoseconds: now &- start, payloadText: payload, hopList: hops)
  }
}
