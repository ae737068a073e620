import ChainKit

/// Builds the ``DispatchRecord`` of a traced dispatch from what ChainKit's probe
/// (`RecordingProbe`) recorded at its hops: the recording a ``TracerHook`` makes.
///
/// Only used when a tracer is installed on the path, so untraced dispatches pay one nil check
/// per visited node.
///
/// What a traced dispatch costs: recorders come from a free list (no allocation once one has
/// been made); per visited node, the probe's clock read and a few counters (in ChainKit, so the
/// walk calls them directly, and this recorder only for what few hops have); a hop where nothing
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
///    Tracers are called by ``finish(_:deliveringFirst:)`` only after the recorder is recycled.
@MainActor
final class DispatchRecorder: DispatchRecording {
  private typealias Extra = RecordedHops.Extra

  @exclusivity(unchecked) private var id: UInt64 = 0
  @exclusivity(unchecked) private var parent: UInt64 = 0
  @exclusivity(unchecked) private var kind = DispatchKind.event
  @exclusivity(unchecked) private var key = ""
  /// Whether the dispatch walked its path (one refused for nesting too deep did not).
  @exclusivity(unchecked) private var walked = false
  /// What few hops have (a node not on the walk, errors, many listeners), at their
  /// ``RecordedHop/extra``.
  @exclusivity(unchecked) private var extras: [Extra] = []
  /// The probe that records the dispatch's hops, made with the recorder; it holds the recorder
  /// (and the runtime's free list holds it), so the recorder refers to it unowned.
  ///
  /// The probe also holds the dispatch's path until the record is made: the runtime whose free
  /// list the recorder returns to and whose door the record goes through, and the hooks
  /// (tracers) the record goes to.
  @exclusivity(unchecked) private unowned var probe: RecordingProbe?

  private init() {}

  /// A recorder and its probe.
  private static func makeProbe() -> RecordingProbe {
    let made = DispatchRecorder()
    let probe = RecordingProbe(made)
    made.probe = probe
    return probe
  }

  /// The record of a dispatch that never walked its path (refused for nesting too deep), along
  /// the nodes named `path` (target first).
  static func refused(_ start: DispatchStart, path: [String], outcome: Outcome) -> DispatchRecord {
    let probe = makeProbe()
    guard let recorder = probe.recorder as? DispatchRecorder else {
      preconditionFailure("a recorder's probe holds another kind of recorder")
    }
    // The probe holds the recorder, which refers to it unowned: kept alive until the record is
    // made.
    return withExtendedLifetime(probe) {
      recorder.begin(start, path: nil, count: path.count, probe: probe)
      return recorder.record(outcome, taken: probe.take(), names: path)
    }
  }

  /// A recorder for the dispatch `start` along `path`.
  ///
  /// Out of line: only traced dispatches need one. Recorders come from a free list the runtime
  /// keeps.
  static func make(_ start: DispatchStart, path: PathCache) -> RecordingProbe {
    let probe = RecordingProbe.takeFree(from: path.runtime) ?? makeProbe()
    // Every probe on the free list was made here, with a recorder of this type.
    guard let recorder = probe.recorder as? DispatchRecorder else {
      preconditionFailure("a free recorder's probe holds another kind of recorder")
    }
    recorder.walked = true
    recorder.begin(start, path: path, count: path.count, probe: probe)
    return probe
  }

  /// Begins recording `dispatch` with `probe`, this recorder's.
  ///
  /// NB: the probe is passed in, where the caller holds it, rather than read from the unowned
  /// reference, each read of which retains and releases it.
  private func begin(
    _ dispatch: DispatchStart, path: PathCache?, count: Int, probe: RecordingProbe
  ) {
    id = dispatch.id
    parent = dispatch.parent
    kind = dispatch.kind
    key = dispatch.key
    probe.begin(
      walk: DispatchWalk(
        count: count, isRequest: dispatch.kind == .request, bubbles: dispatch.bubbles),
      path: path, box: dispatch.box)
  }

  /// Sends the finished record to the tracers on the path, after handing `activities` (if the
  /// path is observed too) to their observers.
  ///
  /// The recorder is free for another dispatch as soon as the record is made, so a tracer that
  /// posts reuses it.
  func finish(
    _ outcome: Outcome, deliveringFirst activities: ActivityBatch?, probe: RecordingProbe
  ) {
    let taken = probe.take()
    guard let path = taken.path else {
      preconditionFailure("a recorder finished a dispatch it never began")
    }
    let record = TraceRecord.dispatch(record(outcome, taken: taken, names: path.names))
    let runtime = path.runtime
    recycle(probe, to: runtime)
    // Observers first: a tracer that reacts to a record (the explorer notes a refused nested
    // dispatch at its target) then finds the nodes' own lines of the dispatch already there.
    activities?.deliver()
    TracerHook.deliver(record, to: path.hooks, in: runtime)
  }

  private func recycle(_ probe: RecordingProbe, to runtime: ChainRuntime) {
    if !extras.isEmpty { extras.removeAll() }
    walked = false
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
        probe.isClear && recorder.extras.isEmpty
          && recorder.probe === probe && !recorder.walked,
        "a recorder on the free list still holds a dispatch")
      next = probe.nextFree
    }
  }

  /// Keeps the name of the current hop's node, which is not on the walk.
  func noteOffWalk(_ node: String) {
    guard let probe else { return }
    probe.hop.extra = extras.count
    extras.append(Extra(node: node))
  }

  /// Notes what became of the listener in `slot` at the current hop in its extra, once the
  /// packed word cannot hold it; of two notes for one slot the more telling or later is kept.
  func noteSpilled(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {
    guard let probe else { return }
    let record = ListenerRecord(
      index: slot + 1, capture: capture, outcome: ListenerRecord.Outcome(outcome))
    let extra = makeExtra(probe)
    if extras[extra].listeners == nil {
      extras[extra].listeners = ListenerRecords(word: probe.hop.listeners)
    }
    extras[extra].listeners?.note(record)
    probe.hop.spilled = true
  }

  func spilledContainsRemoved() -> Bool {
    guard let probe else { return false }
    let extra = probe.hop.extra
    guard extra >= 0, let listeners = extras[extra].listeners else { return false }
    return listeners.containsRemoved
  }

  /// Describes the errors thrown at the current hop into its extra.
  func noteErrors(_ errors: ArraySlice<any Error>) {
    guard let probe else { return }
    let extra = makeExtra(probe)
    // A loop, not `map`: see record(_:).
    for error in errors { extras[extra].errors.append(String(describing: error)) }
  }

  /// The current hop's extra, made if it has none.
  private func makeExtra(_ probe: RecordingProbe) -> Int {
    if probe.hop.extra < 0 {
      probe.hop.extra = extras.count
      extras.append(Extra())
    }
    return probe.hop.extra
  }

  /// The record of the dispatch as it ended with `outcome`, whose hops were `taken` from the
  /// probe (``RecordingProbe/take()``), along the nodes `names` (target first).
  func record(_ outcome: Outcome, taken: RecordedWalk, names: [String]) -> DispatchRecord {
    #if CHAINKIT_INVARIANTS
      LiveObjectCensus.current?.noteRecordBuilt()
    #endif
    // NB: `if let`, not `Optional.map`: a closure made on the main actor and passed to a
    // nonisolated function checks the executor when called.
    var errors: [String] = []
    for error in outcome.errors { errors.append(String(describing: error)) }
    let recorded = RecordedHops(
      names: names, walk: taken.walk, walked: walked, end: taken.end, kept: taken.kept,
      extras: extras, span: taken.span)
    // NB: each made once, not a placeholder replaced: the placeholder is built and destroyed.
    let payload: TraceText
    let hops: HopList
    if let box = taken.box {
      payload = TraceText(box, index: 0)
      // NB: the record shares the kept hops' buffer with the probe, which empties it for its
      // next dispatch (reused in place once this record is gone).
      hops = .recorded(box, recorded)
    } else {
      payload = TraceText("")
      var noIndices: [Int]?
      hops = .made(recorded.records(box: nil, indices: &noIndices))
    }
    return DispatchRecord(
      id: id, parent: parent == 0 ? nil : parent, kind: kind, key: key, origin: names.first ?? "",
      path: names, listenersRun: outcome.listenersRun, stopped: outcome.isStopped,
      prevented: outcome.isPrevented, answeredBy: taken.answeredBy, errors: errors,
      elapsedNanoseconds: taken.span.elapsed, payloadText: payload, hopList: hops)
  }
}
