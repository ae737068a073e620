/// The probe of a traced path: records the hops of one dispatch, and at its end hands them to
/// its recorder (``DispatchRecording``), which builds the record for the path's hooks.
///
/// The per-hop recording lives here, in ChainKit, so the dispatch's calls at each hop reach it
/// directly, not through the recorder's protocol in another module; the recorder is called only
/// for what few hops have (a node not on the walk, errors, listeners past the packed word) and
/// at the end.
///
/// Each recorder has one probe for as long as it lives, and the runtime keeps the probes of its
/// recorders (``ChainRuntime/recorders``), so a traced dispatch allocates no probe. The probe
/// holds its recorder; the recorder refers back to it unowned, so the two never keep each other
/// alive.
///
/// NB: the per-dispatch state is `@exclusivity(unchecked)`: the dynamic check would cost more
/// than the recording it guards, and it could never fire: a probe in use is reachable only from
/// the dispatch that took it (the runtime's list only links it) and from its recorder (neither
/// hands it to a
/// listener, tracer or description), and what its methods call (a box's `keep`, the recorder's
/// notes) cannot reach the probe's state while they run; a nested dispatch takes another probe,
/// one not in use.
@MainActor
@usableFromInline
package final class RecordingProbe: DispatchProbe {
  package let recorder: any DispatchRecording
  /// The next recorder's probe on the runtime's list (``ChainRuntime/recorders``).
  ///
  /// NB: unchecked: only a probe joining the list writes the link, and nothing it calls can
  /// reach the list meanwhile.
  @exclusivity(unchecked) package var nextRecorder: RecordingProbe?
  /// Whether a dispatch is recording with this probe: it stays on the runtime's list, and a
  /// dispatch takes the first probe there that is not in use.
  @exclusivity(unchecked) package private(set) var isInUse = false

  /// The dispatch's id, its parent's (0 if none), kind and key, for its record.
  @exclusivity(unchecked) private var dispatchID: UInt64 = 0
  @exclusivity(unchecked) private var parentID: UInt64 = 0
  @exclusivity(unchecked) private var kind = DispatchKind.event
  @exclusivity(unchecked) private var key = ""
  /// The order of the walk being recorded.
  @exclusivity(unchecked) private var walk = DispatchWalk(
    count: 0, isRequest: false, bubbles: true)
  /// The dispatch's path, while it runs: the recorder reads its names, hooks and runtime from
  /// it at the end, so the dispatch's start retains one reference rather than one per field.
  @exclusivity(unchecked) private var path: PathCache?
  /// The identities of the nodes of the dispatch's path, read from it the first time a hop is
  /// searched for on the walk: a dispatch along a recording plan knows its positions and never
  /// needs them.
  @exclusivity(unchecked) private var nodeIDs: ContiguousArray<ObjectIdentifier> =
    []
  /// The payload and its rewrites, while the dispatch runs.
  @exclusivity(unchecked) private var box: DescriptionBox?
  /// When the dispatch began (``TraceClock/now()``, or its counter reading converted by
  /// ``calibration``).
  @exclusivity(unchecked) private var start: UInt64 = 0
  /// Whether the dispatch read the clock at its start, and so reads it at its end: no rate for
  /// the counter was known, or it was due to be measured again.
  @exclusivity(unchecked) package private(set) var readsClock = true
  /// The counter's rate, measured from the clock readings of this probe's earlier dispatches.
  @exclusivity(unchecked) package private(set) var calibration = TraceCalibration()
  /// The counter when the dispatch began (``TraceClock/ticks()``).
  @exclusivity(unchecked) private var startTicks: UInt64 = 0
  /// The counter at the end of the previous visited hop, or at the start: where the next hop's
  /// time begins.
  @exclusivity(unchecked) private var stamp: UInt64 = 0
  /// The current hop.
  @exclusivity(unchecked) package var hop = RecordedHop()
  /// The context's counts when the current hop began.
  @exclusivity(unchecked) private var before = (
    listeners: 0, errors: 0, stopped: false, prevented: false
  )
  /// The hops where something happened, in walk order: the first ``keptCount``; the rest are
  /// stale hops of an earlier dispatch, overwritten in place.
  @exclusivity(unchecked) private var kept: ContiguousArray<RecordedHop> = []
  /// How many of ``kept`` are this dispatch's.
  @exclusivity(unchecked) private var keptCount = 0
  /// Slots of ``kept`` made unique and long enough once per dispatch along a plan.
  ///
  /// Made by ``reserve(passes:)``, so that keeping a hop there is a store; none otherwise. Never
  /// used once a hop is appended past them, and dropped before the buffer is exchanged.
  @exclusivity(unchecked) private var slots = ReservedSlots<RecordedHop>()
  /// The position where a stop, or a request's accepted answer, ended the walk.
  @exclusivity(unchecked) private var end: Int?
  /// For a request: the node whose responder answered first.
  @exclusivity(unchecked) private var answeredBy: String?
  /// The first and last walk position of each phase's visits (empty when first > last), found
  /// with ``nodeIDs``, the first time a hop is searched for on the walk, rather than at each
  /// hop (a dispatch along a recording plan never needs them).
  @exclusivity(unchecked) private var phasePositions = (
    capture: (first: 0, last: -1), target: (first: 0, last: -1), bubble: (first: 0, last: -1)
  )
  /// The target's walk position: a node's path index is its distance from it (found with
  /// ``phasePositions``).
  @exclusivity(unchecked) private var targetPosition = 0
  /// The first walk position the next hop can be at.
  @exclusivity(unchecked) private var cursor = 0

  package init(_ recorder: any DispatchRecording) {
    self.recorder = recorder
    super.init()
  }

  /// Takes the first recorder's probe on `runtime`'s list that is not in use, if there is one,
  /// and marks it in use.
  ///
  /// NB: the probes stay on the list, in use or not, so that taking and returning one links
  /// nothing and so counts no references: the list is as long as traced dispatches were ever
  /// nested, and a dispatch mostly takes its first probe. The list is read and the mark written
  /// here, not by ChainKitTracing: a property's unchecked exclusivity holds only in the module
  /// that declares it, and elsewhere each access is checked at run time.
  package static func takeFree(from runtime: ChainRuntime) -> RecordingProbe? {
    var next = runtime.recorders
    while let probe = next {
      if !probe.isInUse {
        probe.isInUse = true
        return probe
      }
      next = probe.nextRecorder
    }
    return nil
  }

  /// Puts this probe, made for a dispatch because none on `runtime`'s list was free, on the
  /// list, in use.
  package func enlist(in runtime: ChainRuntime) {
    isInUse = true
    nextRecorder = runtime.recorders.take()
    runtime.recorders = self
  }

  /// Marks this probe, whose recorder has finished, free for another dispatch.
  package func returnFree() {
    isInUse = false
  }

  /// Starts recording the dispatch `start` along `path` of `count` nodes (no path for a
  /// dispatch that never walked one).
  package func begin(_ start: DispatchStart, path: PathCache?, count: Int) {
    begin(
      start.kind, id: start.id, parent: start.parent, key: start.key, box: start.box,
      bubbles: start.bubbles, path: path, count: count)
  }

  /// Starts recording the dispatch `id` (of `kind`, nested in `parent` or 0, posted with `key`
  /// and the payload in `box`) along `path` of `count` nodes (no path for a dispatch that never
  /// walked one).
  package func begin(
    _ kind: DispatchKind, id: UInt64, parent: UInt64, key: String,
    box: consuming DescriptionBox?, bubbles: Bool, path: PathCache?, count: Int
  ) {
    dispatchID = id
    parentID = parent
    self.kind = kind
    // NB: compared first: a probe mostly records the same key again.
    if self.key != key { self.key = key }
    begin(
      walk: DispatchWalk(count: count, isRequest: kind == .request, bubbles: bubbles),
      path: path, box: consume box)
  }

  /// Starts recording a dispatch of `walk` along `path` (none for a dispatch that never walked
  /// one), posted with the payload in `box`.
  private func begin(walk: DispatchWalk, path: PathCache?, box: consuming DescriptionBox?) {
    self.walk = walk
    self.path = path
    self.box = consume box
    cursor = 0
    end = nil
    // NB: cleared only if set (the last dispatch's end moved it out): clearing it releases it.
    if answeredBy != nil { answeredBy = nil }
    // NB: not emptied but overwritten from the start: the buffer came from a record's storage
    // (``take(exchangingKept:box:answeredBy:path:key:)``), which is the probe's alone once no record
    // holds it, and is then reused in place; what this dispatch does not overwrite is cut at its
    // end.
    keptCount = 0
    slots = ReservedSlots()
    if TraceClock.hasCounter {
      let ticks = TraceClock.ticks()
      readsClock = !calibration.converts(atTicks: ticks)
      if readsClock {
        // NB: the clock, then the counter (and at the end the reverse), so that every hop's
        // counter reading falls between the span's two clock readings.
        start = TraceClock.now()
        startTicks = TraceClock.ticks()
      } else {
        start = calibration.time(atTicks: ticks)
        startTicks = ticks
      }
    } else {
      // NB: without a counter, `ticks()` is the clock, and the start's one reading serves as
      // both.
      start = TraceClock.now()
      startTicks = start
      readsClock = true
    }
    stamp = startTicks
  }

  /// What the dispatch's hops were, for its record: the box, the answering node and the path
  /// moved out into the caller's variables (whose old values, none, it drops), so the probe
  /// keeps no box, path or nodes (a free probe holds none); the kept hops are exchanged with
  /// `hops`, the record's buffer, which the probe overwrites at its next dispatch.
  ///
  /// NB: one call, not a property per field: the recorder is in another module, where each
  /// read of a stored property of this class would be checked for exclusivity at run time. The
  /// references are moved and the buffers exchanged here, in the module that lays them out,
  /// not copied: nothing is retained, and once the record that holds the other buffer is gone,
  /// each is filled again in place.
  ///
  /// Reads the counter for the dispatch's end, and the clock if it read the clock at its start.
  package func take(
    exchangingKept hops: inout ContiguousArray<RecordedHop>, box: inout DescriptionBox?,
    answeredBy: inout String?, path: inout PathCache?, key: inout String
  ) -> RecordedWalk {
    // NB: no earlier than the last hop's reading (see `endHop`).
    let endTicks = max(TraceClock.ticks(), stamp)
    let endTime: UInt64
    if !readsClock {
      endTime = start &+ calibration.nanoseconds(inTicks: endTicks &- startTicks)
    } else if TraceClock.hasCounter {
      endTime = TraceClock.now()
      calibration.note(time: start, ticks: startTicks)
      calibration.note(time: endTime, ticks: endTicks)
    } else {
      endTime = endTicks
    }
    let span = TraceSpan(start: start, end: endTime, startTicks: startTicks, endTicks: endTicks)
    slots = ReservedSlots()
    if keptCount < kept.count { kept.removeLast(kept.count - keptCount) }
    swap(&kept, &hops)
    // NB: exchanged when the caller's is empty, as it mostly is: assigned, its old value is
    // released, nil or not.
    if box == nil { swap(&box, &self.box) } else { box = self.box.take() }
    if self.answeredBy != nil || answeredBy != nil { answeredBy = self.answeredBy.take() }
    if path == nil { swap(&path, &self.path) } else { path = self.path.take() }
    if !nodeIDs.isEmpty { nodeIDs = [] }
    // NB: compared first: the record's storage, refilled, mostly holds the same key.
    if key != self.key { key = self.key }
    return RecordedWalk(
      id: dispatchID, parent: parentID, kind: kind, walk: walk, end: end, span: span)
  }

  /// Makes room for a hop from each of the `passes` a plan's dispatch is about to run, so that
  /// keeping one checks neither the buffer's uniqueness nor its length: once per dispatch
  /// rather than once per kept hop.
  func reserve(passes: Int) {
    slots = .reserve(&kept, count: keptCount &+ passes, filler: RecordedHop())
  }

  /// Keeps `hop`: in a reserved slot, over a stale one if the buffer has one, or appended.
  ///
  /// NB: the buffer is written through its own API only past the reserved slots, so it stays
  /// where they point until it grows, and once it has, the slots are past.
  @inline(__always)
  private func keep(_ hop: RecordedHop) {
    if keptCount < slots.count {
      slots.write(hop, at: keptCount, of: kept)
    } else if keptCount < kept.count {
      kept[keptCount] = hop
    } else {
      kept.append(hop)
    }
    keptCount &+= 1
  }

  /// Whether the probe holds no dispatch's box, path or nodes (as when not in use).
  package var isClear: Bool { box == nil && path == nil && nodeIDs.isEmpty }

  /// The first and last of `positions`, or an empty pair.
  private static func bounds(_ positions: ClosedRange<Int>?) -> (first: Int, last: Int) {
    guard let positions else { return (0, -1) }
    return (positions.lowerBound, positions.upperBound)
  }

  override func beginHop(phase: Phase, ctx: borrowing EventContext) {
    hop = RecordedHop(phase: phase, position: locate(ctx.currentNodeID, phase))
    if hop.position < 0 { recorder.noteOffWalk(ctx.currentNodeName) }
    before = (ctx.listenersRun, ctx.errorCount, ctx.stopRequested, ctx.prevented)
  }

  /// As ``beginHop(phase:ctx:)``, at the walk position the plan knows: what the search of the
  /// walk would find, since a plan's passes come in walk order.
  override func beginPass(phase: Phase, position: Int, ctx: borrowing EventContext) {
    #if CHAINKIT_INVARIANTS
      precondition(
        locate(ctx.currentNodeID, phase) == position, "a plan's pass off its walk position")
    #endif
    hop = RecordedHop(phase: phase, position: position)
    cursor = position &+ 1
    before = (ctx.listenersRun, ctx.errorCount, ctx.stopRequested, ctx.prevented)
  }

  /// The walk position of `core` in `phase`, from the cursor on.
  ///
  /// A capture visit's node is as far above the target as its position is before the target's;
  /// the others' as far as it is after (``DispatchWalk/index(at:)``, worked out here per phase).
  @inline(__always)
  private func locate(_ core: ObjectIdentifier, _ phase: Phase) -> Int {
    if nodeIDs.isEmpty {
      phasePositions = (
        Self.bounds(walk.positions(of: .capture)), Self.bounds(walk.positions(of: .target)),
        Self.bounds(walk.positions(of: .bubble))
      )
      targetPosition = walk.isRequest ? 0 : walk.count - 1
      if let path { nodeIDs = path.nodeIDs }
    }
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
  override func intercepted<P>(before: P, after: P) {
    guard let box = box as? PayloadBox<P> else { return }
    if hop.from == 0 {
      hop.from = box.keep(before)
      hop.to = box.keep(after)
    } else {
      box.replace(at: hop.to, with: after)
    }
  }

  /// Notes what became of the listener in `slot` at the current hop; of two notes for one
  /// slot (the target's two passes, or ran then declined), the more telling or later is kept.
  @inline(__always)
  override func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {
    if !hop.spilled,
      PackedListenerOutcomes.note(slot: slot, capture: capture, outcome, in: &hop.listeners)
    {
      return
    }
    recorder.noteSpilled(slot: slot, capture: capture, outcome)
  }

  /// Notes a listener that ran, from the context before (`errors`, `stops`) and after it.
  override func noteRan(
    slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext
  ) {
    let outcome: ListenerOutcome =
      ctx.errorCount > errors
      ? .threw
      : ctx.stopCount != stops
        ? (ctx.immediateStopRequested ? .stoppedImmediately : .stopped) : .ran
    noteListener(slot: slot, capture: capture, outcome)
  }

  /// Notes that a responder at the current hop answered; `walkEnds` when its answer ended the
  /// request's walk.
  override func answered(by node: String, walkEnds: Bool) {
    hop.answered = true
    if answeredBy == nil { answeredBy = node }
    if walkEnds, end == nil, hop.position >= 0 { end = hop.position }
  }

  override func endHop(ctx: borrowing EventContext) {
    // NB: the counter only, not the clock: its ticks become a time when the record is read
    // (``TraceSpan``). Never before the previous reading, so the hops stay in order and within
    // the span even if the thread moved to a processor whose counter lags.
    let now = max(TraceClock.ticks(), stamp)
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
        || (hop.spilled
          ? recorder.spilledContainsRemoved()
          : PackedListenerOutcomes.containsRemoved(hop.listeners))
    else {
      return
    }
    hop.listenersRun = ran
    hop.stopped = stopped
    hop.stoppedImmediately = stopped && ctx.immediateStopRequested
    hop.prevented = prevented
    if thrown > 0 { noteErrors(ctx) }
    hop.beganTicks = stamp
    hop.endedTicks = now
    if stopped, end == nil, hop.position >= 0 { end = hop.position }
    keep(hop)
  }

  /// Listeners of the pass at walk `position` in `phase`, which a plan's loop records
  /// (``NodeCore/dispatch(along:probe:walk:bubbles:ctx:payload:)``), threw
  /// `errors`: its hop begins here, with the errors in its extra, and ends at ``endPass``.
  @inline(never)
  func passThrew(phase: Phase, position: Int, _ errors: ArraySlice<any Error>) {
    hop = RecordedHop(phase: phase, position: position)
    recorder.noteErrors(errors)
  }

  /// Ends the pass at walk `position` in `phase` that a plan's loop recorded: keeps its hop if
  /// something happened there, as ``endHop(ctx:)`` does.
  ///
  /// NB: inlined into the plan's loop (in this module, where the probe's unchecked exclusivity
  /// holds): the common pass, whose listeners ran and threw nothing, reads the counter and
  /// writes its hop into a reserved slot; a stop, an error or a pass past the reserved slots
  /// goes out of line.
  ///
  /// - Parameters:
  ///   - phase: The pass's phase.
  ///   - position: The pass's walk position.
  ///   - listeners: The outcomes of its listeners (``PackedListenerOutcomes``).
  ///   - ran: How many listeners ran.
  ///   - thrown: How many errors were thrown (``passThrew(phase:position:_:)`` has them).
  ///   - stopped: Whether propagation was stopped (it was not when the pass began).
  ///   - stoppedImmediately: Whether immediately.
  ///   - prevented: Whether the default was prevented during the pass.
  @inline(__always)
  func endPass(
    phase: Phase, position: Int, listeners: UInt64, ran: Int, thrown: Int, stopped: Bool,
    stoppedImmediately: Bool, prevented: Bool
  ) {
    cursor = position &+ 1
    let now = max(TraceClock.ticks(), stamp)
    guard
      ran != 0 || thrown != 0 || stopped || prevented
        || PackedListenerOutcomes.containsRemoved(listeners)
    else {
      stamp = now
      return
    }
    guard thrown == 0, !stopped, keptCount < slots.count else {
      keepPass(
        phase: phase, position: position, listeners: listeners, ran: ran, thrown: thrown,
        stopped: stopped, stoppedImmediately: stoppedImmediately, prevented: prevented, now: now)
      return
    }
    // NB: built whole, not in ``hop``: the stored hop would be written field by field and then
    // copied into the buffer.
    slots.write(
      RecordedHop(
        phase: phase, position: position, listeners: listeners, listenersRun: ran,
        stopped: false, stoppedImmediately: false, prevented: prevented,
        beganTicks: stamp, endedTicks: now),
      at: keptCount, of: kept)
    keptCount &+= 1
    stamp = now
  }

  /// Keeps the hop of a pass that threw, stopped, or ran past the reserved slots, whose
  /// counter reading `now` ends it (see ``endPass``).
  ///
  /// NB: out of line, so that the common pass's loop keeps nothing for these.
  @inline(never)
  private func keepPass(
    phase: Phase, position: Int, listeners: UInt64, ran: Int, thrown: Int, stopped: Bool,
    stoppedImmediately: Bool, prevented: Bool, now: UInt64
  ) {
    defer { stamp = now }
    if stopped, end == nil { end = position }
    guard thrown == 0 else {
      hop.listeners = listeners
      hop.listenersRun = ran
      hop.stopped = stopped
      hop.stoppedImmediately = stopped && stoppedImmediately
      hop.prevented = prevented
      hop.beganTicks = stamp
      hop.endedTicks = now
      keep(hop)
      return
    }
    keep(
      RecordedHop(
        phase: phase, position: position, listeners: listeners, listenersRun: ran,
        stopped: stopped, stoppedImmediately: stoppedImmediately, prevented: prevented,
        beganTicks: stamp, endedTicks: now))
  }

  /// Hands the errors thrown at the current hop to the recorder.
  ///
  /// NB: out of line: inlined, `ctx.errors` is retained and released on every hop, thrown or not.
  @inline(never)
  private func noteErrors(_ ctx: borrowing EventContext) {
    recorder.noteErrors(ctx.errors[before.errors...])
  }

  override func dispatchFinished(_ outcome: Outcome) {
    guard let runtime = path?.runtime else {
      preconditionFailure("a probe finished a dispatch that walked no path")
    }
    finish(outcome, deliveringFirst: nil, in: runtime)
  }

  override func dispatchFinished(_ outcome: Outcome, in runtime: ChainRuntime) {
    finish(outcome, deliveringFirst: nil, in: runtime)
  }

  /// Ends the dispatch: its recorder hands on the activities, then the record.
  func finish(
    _ outcome: Outcome, deliveringFirst activities: ActivityBatch?, in runtime: ChainRuntime
  ) {
    recorder.finish(outcome, deliveringFirst: activities, probe: self, in: runtime)
  }
}
