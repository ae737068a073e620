/// Builds a ``DispatchRecord`` while a traced dispatch runs.
///
/// Only used when a tracer is installed on the path, so untraced dispatches pay one nil check
/// per visited node.
///
/// What a traced dispatch costs: recorders come from a free list (no allocation once one has
/// been made); per visited node, one clock read and a few counters; a hop where nothing
/// happened is not kept, and becomes a ``HopRecord/passed`` hop when the record is made. The
/// payload, and each node's rewrite of it, is kept in one ``PayloadBox`` and described only when
/// the record is read. So a traced dispatch allocates the box and the record's hops, and one
/// array more if an interceptor ran.
///
/// NB: the per-dispatch state is `@exclusivity(unchecked)`: the dynamic check would cost more
/// than the recording it guards, and it could never fire, by this invariant (checked by
/// ``checkInvariants()`` each time a recorder is recycled, in builds with `CHAINKIT_INVARIANTS`):
///
/// 1. A recorder in use is reachable only from the dispatch that took it from the free list (it
///    is never handed to a listener, tracer or description); a recorder on the free list only
///    from the list, and it holds no box, cores or tracers.
/// 2. Its methods call no code that could reach it: what they call (descriptions of thrown
///    errors, a box's `keep`) cannot name a recorder, and a nested dispatch takes another one.
///    Tracers are called by ``emit(_:)`` only after the recorder is recycled.
@MainActor
@usableFromInline
final class DispatchRecorder {
  /// A hop where something happened, as the walk goes.
  ///
  /// Its node is named from the path when the record is made; what few hops have (a node not
  /// found on the walk, errors, listeners past the packed word's) is in ``extras``, so keeping
  /// or copying a hop retains nothing.
  struct PendingHop {
    var phase = Phase.target
    /// Its position in the ``DispatchWalk``; -1 if the node was not found on the walk.
    var position = -1
    var listenersRun = 0
    var stopped = false
    var stoppedImmediately = false
    var prevented = false
    var answered = false
    /// Its entry in ``extras``, or -1.
    var extra = -1
    var elapsed: UInt64 = 0
    /// What became of each listener seen here, by slot: packed (see ``ListenerRecords``)
    /// unless they spilled to the hop's extra.
    var listeners: UInt64 = 0
    /// The indices in the box of the payload before and after this node's interceptors; 0
    /// (the posted payload's index) while none ran.
    var from = 0
    var to = 0
  }

  @exclusivity(unchecked) private var id: UInt64 = 0
  @exclusivity(unchecked) private var parent: UInt64 = 0
  @exclusivity(unchecked) private var kind = DispatchRecord.Kind.event
  @exclusivity(unchecked) private var key = ""
  @exclusivity(unchecked) private var walk = DispatchWalk(count: 0, isRequest: false, bubbles: true)
  @exclusivity(unchecked) private var box: DescriptionBox?
  @exclusivity(unchecked) private var cores: ContiguousArray<NodeCore> = []
  /// Where the finished record goes: the tracers on the dispatch's path.
  @exclusivity(unchecked) private var tracers: [any Tracer] = []
  @exclusivity(unchecked) private var start: UInt64 = 0
  /// The end of the previous visited hop, or the start: where the next hop's time begins.
  @exclusivity(unchecked) private var stamp: UInt64 = 0
  /// Whether the dispatch walked its path (one refused for nesting too deep did not).
  @exclusivity(unchecked) private var walked = false
  /// The hops where something happened, in walk order.
  @exclusivity(unchecked) private var kept: ContiguousArray<PendingHop> = []
  /// What a few hops have: the name of a node not on the walk, errors, many listeners.
  private struct Extra {
    var node: String?
    var errors: [String] = []
    var listeners: ListenerRecords?
  }
  @exclusivity(unchecked) private var extras: [Extra] = []
  @exclusivity(unchecked) private var hop = PendingHop()
  @exclusivity(unchecked) private var before = (
    listeners: 0, errors: 0, stopped: false, prevented: false
  )
  /// The first walk position the next hop can be at.
  @exclusivity(unchecked) private var cursor = 0
  /// The position where a stop, or a request's accepted answer, ended the walk.
  @exclusivity(unchecked) private var end: Int?
  @exclusivity(unchecked) private var answeredBy: String?
  /// Per path index, whether a hop was kept there: scratch for ``finishHops()`` on paths of
  /// more than 64 nodes, all false between calls.
  @exclusivity(unchecked) private var marks: ContiguousArray<Bool> = []
  /// The path names were made for; weak, so a recorder never keeps a path (and its tracers)
  /// alive.
  private weak var namesPath: PathCache?
  @exclusivity(unchecked) private var names: [String] = []
  /// Whether an ``ActivityObserver`` is among the path's tracers; found with the names.
  @exclusivity(unchecked) private var hasObservers = false
  /// Per hop of the last finished record, its node's index in the path (-1 if unknown).
  @exclusivity(unchecked) private var hopIndices: [Int] = []
  @exclusivity(unchecked) private var nextFree: DispatchRecorder?
  /// Recorders not in use.
  @exclusivity(unchecked) private static var free: DispatchRecorder?

  private init() {}

  /// A recorder for a dispatch that never walked its path (refused for nesting too deep).
  init<P>(
    id: UInt64, parent: UInt64, kind: DispatchRecord.Kind, key: String, payload: P,
    path: ContiguousArray<NodeCore>
  ) {
    var names: [String] = []
    names.reserveCapacity(path.count)
    for core in path { names.append(core.name) }
    self.names = names
    begin(kind, id: id, parent: parent, key: key, box: PayloadBox(payload), bubbles: true)
  }

  /// A recorder for an event posted, or a request asked, along `path`.
  ///
  /// Out of line: only traced dispatches need one. Recorders come from a free list.
  ///
  /// - Parameters:
  ///   - kind: Event or request.
  ///   - id: The dispatch id.
  ///   - parent: The enclosing dispatch's id, or 0.
  ///   - key: The key's name.
  ///   - box: The payload, kept undescribed: made by the caller, specialised for its type.
  ///   - path: The dispatch's path and its tracers.
  ///   - bubbles: Whether the event's key bubbles: where the walk ends.
  /// - Returns: A recorder ready for the walk.
  @usableFromInline
  static func make(
    _ kind: DispatchRecord.Kind, id: UInt64, parent: UInt64, key: String, box: DescriptionBox,
    path: PathCache, bubbles: Bool = true
  ) -> DispatchRecorder {
    let recorder: DispatchRecorder
    if let spare = free {
      free = spare.nextFree
      spare.nextFree = nil
      recorder = spare
    } else {
      recorder = DispatchRecorder()
    }
    recorder.walk(path)
    if recorder.hasObservers { ActivityDelivery.begin(outermost: ReentryGuard.depth <= 1) }
    recorder.begin(kind, id: id, parent: parent, key: key, box: box, bubbles: bubbles)
    return recorder
  }

  private func walk(_ path: PathCache) {
    if namesPath !== path {
      names.removeAll()
      names.reserveCapacity(path.cores.count)
      for core in path.cores { names.append(core.name) }
      namesPath = path
      hasObservers = path.tracers.contains { $0 is ActivityObserver }
    }
    cores = path.cores
    tracers = path.tracers
    walked = true
  }

  private func begin(
    _ kind: DispatchRecord.Kind, id: UInt64, parent: UInt64, key: String, box: DescriptionBox,
    bubbles: Bool
  ) {
    self.id = id
    self.parent = parent
    self.kind = kind
    self.key = key
    self.box = box
    walk = DispatchWalk(count: names.count, isRequest: kind == .request, bubbles: bubbles)
    cursor = 0
    start = TraceClock.now()
    stamp = start
  }

  /// Sends the finished record to the tracers on the path.
  ///
  /// The recorder is free for another dispatch as soon as the record is made, so a tracer that posts reuses it.
  @usableFromInline
  func emit(_ outcome: Outcome) {
    let record = TraceRecord.dispatch(finish(outcome))
    let tracers = self.tracers
    let observed = hasObservers
    var activities: [(observer: ActivityObserver, activity: NodeActivity)] = []
    if observed, case .dispatch(let dispatch) = record {
      activities = self.activities(in: dispatch)
    }
    recycle()
    Trace.emit(record, to: tracers)
    if observed { ActivityDelivery.deliver(activities) }
  }

  /// Each observer's view of `record`: the hops at its node, found by identity.
  private func activities(
    in record: DispatchRecord
  ) -> [(observer: ActivityObserver, activity: NodeActivity)] {
    var found: [(observer: ActivityObserver, activity: NodeActivity)] = []
    for case let observer as ActivityObserver in tracers {
      guard let index = cores.firstIndex(where: { ObjectIdentifier($0) == observer.coreID })
      else { continue }
      for (hop, hopIndex) in zip(record.hops, hopIndices) where hopIndex == index {
        found.append((observer, NodeActivity(record, hop: hop)))
      }
    }
    return found
  }

  private func recycle() {
    box = nil
    cores = []
    tracers = []
    kept.removeAll(keepingCapacity: true)
    if !extras.isEmpty { extras.removeAll() }
    end = nil
    answeredBy = nil
    walked = false
    nextFree = Self.free
    Self.free = self
    #if CHAINKIT_INVARIANTS
      checkInvariants()
    #endif
  }

  /// Traps with a message if the free list breaks the invariant above: every recorder on it is
  /// recycled (no box, cores or tracers) and appears once.
  func checkInvariants() {
    var seen: Set<ObjectIdentifier> = []
    var next = Self.free
    while let recorder = next {
      precondition(seen.insert(ObjectIdentifier(recorder)).inserted, "a recorder freed twice")
      precondition(
        recorder.box == nil && recorder.cores.isEmpty && recorder.tracers.isEmpty
          && !recorder.walked,
        "a recorder on the free list still holds a dispatch")
      next = recorder.nextFree
    }
  }

  @usableFromInline
  func beginHop(phase: Phase, ctx: borrowing EventContext) {
    hop = PendingHop(phase: phase, position: locate(ObjectIdentifier(ctx.currentCore), phase))
    if hop.position < 0 {
      hop.extra = extras.count
      extras.append(Extra(node: ctx.currentCore.name))
    }
    before = (ctx.listenersRun, ctx.errorCount, ctx.stopRequested, ctx.prevented)
  }

  /// The walk position of `core` in `phase`, from the cursor on.
  private func locate(_ core: ObjectIdentifier, _ phase: Phase) -> Int {
    guard let positions = walk.positions(of: phase) else { return -1 }
    var position = max(cursor, positions.lowerBound)
    while position <= positions.upperBound {
      if ObjectIdentifier(cores[walk.index(at: position)]) == core {
        cursor = position + 1
        return position
      }
      position += 1
    }
    return -1
  }

  /// Keeps the payload before and after an interceptor at the current hop, undescribed.
  @usableFromInline
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
  @usableFromInline
  func answered(by node: String, walkEnds: Bool = false) {
    hop.answered = true
    if answeredBy == nil { answeredBy = node }
    if walkEnds, end == nil, hop.position >= 0 { end = hop.position }
  }

  /// Notes what became of the listener in `slot` at the current hop; of two notes for one
  /// slot (the target's two passes, or ran then declined), the more telling or later is kept.
  @usableFromInline @inline(__always)
  func noteListener(slot: Int, capture: Bool, _ outcome: ListenerRecord.Outcome) {
    let record = ListenerRecord(index: slot + 1, capture: capture, outcome: outcome)
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
  @usableFromInline
  func noteRan(slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext) {
    let outcome: ListenerRecord.Outcome =
      ctx.errorCount > errors
      ? .threw
      : ctx.stopCount != stops
        ? (ctx.immediateStopRequested ? .stoppedImmediately : .stopped) : .ran
    noteListener(slot: slot, capture: capture, outcome)
  }

  @usableFromInline
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
    if thrown > 0 {
      makeExtra()
      // A loop, not `map`: see finish(_:).
      for error in ctx.errors[before.errors...] {
        extras[hop.extra].errors.append(String(describing: error))
      }
    }
    hop.elapsed = now &- stamp
    if stopped, end == nil, hop.position >= 0 { end = hop.position }
    kept.append(hop)
  }

  /// The record of the dispatch as it ended with `outcome`.
  func finish(_ outcome: Outcome) -> DispatchRecord {
    let now = TraceClock.now()
    // NB: `if let`, not `Optional.map`: a closure made on the main actor and passed to a
    // nonisolated function checks the executor when called.
    var payload = TraceText("")
    if let box { payload = TraceText(box, index: 0) }
    var errors: [String] = []
    for error in outcome.errors { errors.append(String(describing: error)) }
    return DispatchRecord(
      id: id, parent: parent == 0 ? nil : parent, kind: kind, key: key, payloadText: payload,
      origin: names.first ?? "", path: names, hops: finishHops(),
      listenersRun: outcome.listenersRun,
      stopped: outcome.isStopped, prevented: outcome.isPrevented, answeredBy: answeredBy,
      errors: errors,
      elapsedNanoseconds: now &- start)
  }

  /// The kept hops, with a passed hop for every node the walk reached and kept none for, in
  /// walk order.
  private func finishHops() -> [HopRecord] {
    let observed = hasObservers
    if observed { hopIndices.removeAll(keepingCapacity: true) }
    var hops: [HopRecord] = []
    guard walked, walk.count > 0 else {
      hops.reserveCapacity(kept.count)
      for hop in kept {
        appendRecord(of: hop, to: &hops)
        if observed { hopIndices.append(-1) }
      }
      return hops
    }
    let walk = self.walk
    let last = end ?? walk.last
    // Which nodes have a kept hop: bits of a word for a path of up to 64 nodes, else `marks`.
    let wide = walk.count > UInt64.bitWidth
    var word: UInt64 = 0
    if wide, marks.count < walk.count {
      marks = ContiguousArray(repeating: false, count: walk.count)
    }
    // At most one passed hop per node without a kept one (fewer if the walk ended early).
    var unmarked = walk.count
    for hop in kept where hop.position >= 0 {
      let index = walk.index(at: hop.position)
      if wide {
        if !marks[index] {
          marks[index] = true
          unmarked -= 1
        }
      } else if word & 1 << UInt64(index) == 0 {
        word |= 1 << UInt64(index)
        unmarked -= 1
      }
    }
    hops.reserveCapacity(kept.count + unmarked)
    var next = 0
    for position in 0...last {
      while next < kept.count, kept[next].position <= position {
        appendKept(kept[next], to: &hops)
        next += 1
      }
      let index = walk.index(at: position)
      let marked = wide ? marks[index] : word & 1 << UInt64(index) != 0
      if !marked, walk.isLastVisit(position, endingAt: last) {
        hops.append(HopRecord(passedAt: names[index], phase: walk.phase(at: position)))
        if observed { hopIndices.append(index) }
      }
    }
    while next < kept.count {
      appendKept(kept[next], to: &hops)
      next += 1
    }
    if wide {
      for hop in kept where hop.position >= 0 { marks[walk.index(at: hop.position)] = false }
    }
    return hops
  }

  @inline(__always)
  private func appendKept(_ hop: PendingHop, to hops: inout [HopRecord]) {
    appendRecord(of: hop, to: &hops)
    if hasObservers { hopIndices.append(hop.position >= 0 ? walk.index(at: hop.position) : -1) }
  }

  /// Appends the record of `hop`.
  ///
  /// NB: appended as a passed hop and then filled in place: a record built whole and then
  /// appended is copied into the array and the original destroyed, about 200 Ir a hop.
  @inline(__always)
  private func appendRecord(of hop: PendingHop, to hops: inout [HopRecord]) {
    hops.append(
      HopRecord(
        passedAt: hop.position >= 0 ? names[walk.index(at: hop.position)] : "", phase: hop.phase))
    fill(&hops[hops.count - 1], from: hop)
  }

  /// The fields of a kept hop's record besides its name and phase.
  private func fill(_ record: inout HopRecord, from hop: PendingHop) {
    record.passed = false
    record.listenersRun = hop.listenersRun
    if hop.extra >= 0, let spilled = extras[hop.extra].listeners {
      record.listenerRecords = spilled
    } else {
      record.listenerRecords = ListenerRecords(word: hop.listeners)
    }
    if hop.from != 0, let box {
      record.interceptedFromText = TraceText(box, index: hop.from)
      record.interceptedToText = TraceText(box, index: hop.to)
    }
    record.stopped = hop.stopped
    record.stoppedImmediately = hop.stoppedImmediately
    record.prevented = hop.prevented
    record.answered = hop.answered
    record.elapsedNanoseconds = hop.elapsed
    if hop.extra >= 0 {
      if let node = extras[hop.extra].node { record.node = node }
      record.errors = extras[hop.extra].errors
    }
  }

}
