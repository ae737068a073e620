import ChainKit

/// Builds the ``DispatchRecord`` of a traced dispatch from what ChainKit's probe
/// (`RecordingProbe`) recorded at its hops: the recording a ``TracerHook`` makes.
///
/// Only used when a tracer is installed on the path, so untraced dispatches pay one nil check
/// per visited node.
///
/// What a traced dispatch costs: recorders stay on the runtime's list, each marked in use or free
/// (no allocation once one has been made); per visited node, the probe's clock read and a few counters (in ChainKit, so the
/// walk calls them directly, and this recorder only for what few hops have); a hop where nothing
/// happened is not kept, and becomes a ``HopRecord/passed`` hop when the hops are made. The
/// payload, and each node's rewrite of it, is kept in one ``PayloadBox`` and described only when
/// the record is read; the kept hops go to the box too (``RecordedHops``), made into hop records
/// only when ``DispatchRecord/hops`` is read, so a tracer that drops or filters records never
/// makes them. The record's fields sit behind one reference (``DispatchRecordStorage``), which
/// the recorder fills again in place when no tracer kept its last record, and whose kept hops'
/// buffer it exchanges with the probe's; the box of such a record, held by nothing else, becomes
/// the runtime's spare if its payload holds no references, for the next event of its payload
/// type to refill. So a
/// traced dispatch allocates the box, the storage and the kept hops' buffer only while a tracer
/// still holds the recorder's previous record (or the payload type changed), and one array more
/// if an interceptor ran. The activity observers on the path hear the dispatch
/// through their own probe in ChainKit, so they never make a record built.
///
/// NB: the per-dispatch state is `@exclusivity(unchecked)`: the dynamic check would cost more
/// than the recording it guards, and it could never fire, by this invariant (checked by
/// ``checkInvariants(of:)`` each time a recorder is recycled, in builds with `CHAINKIT_INVARIANTS`):
///
/// 1. A recorder in use is reachable only from the dispatch that took it (the runtime's list
///    only links it; it is never handed to a listener, tracer or description); a free recorder
///    only from the list, and it holds no box, cores or tracers; its spare storage, if any, no
///    payload, and no record holds it.
/// 2. Its methods call no code that could reach it: what they call (descriptions of thrown
///    errors, a box's `keep`) cannot name a recorder, and a nested dispatch takes another one.
///    Tracers are called by ``finish(_:deliveringFirst:probe:in:)`` only after the recorder is recycled.
@MainActor
final class DispatchRecorder: DispatchRecording {
  private typealias Extra = RecordedHops.Extra

  /// A spare storage for the next record: the last record's, got back when nobody kept that
  /// record (holding no payload), or nil.
  @exclusivity(unchecked) private var storage: DispatchRecordStorage?
  /// What few hops have (a node not on the walk, errors, many listeners), at their
  /// ``RecordedHop/extra``.
  @exclusivity(unchecked) private var extras: [Extra] = []
  /// The probe that records the dispatch's hops, made with the recorder; it holds the recorder
  /// (and the runtime's list holds it), so the recorder refers to it unowned.
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
      probe.begin(start, path: nil, count: path.count)
      let storage = DispatchRecordStorage()
      recorder.fill(storage, outcome, probe: probe, names: path)
      return DispatchRecord(storage: storage)
    }
  }

  /// A recorder for the dispatch `start` along `path`, when the runtime has no free one.
  ///
  /// Out of line: only traced dispatches need one. Recorders stay on a list the runtime keeps,
  /// which ChainKit takes a free one from (``PathCache/makeProbe``): this makes one, and lists
  /// it, only when none there is free.
  static func make(_ start: DispatchStart, path: PathCache) -> RecordingProbe {
    let runtime = path.runtime
    let probe: RecordingProbe
    if let free = RecordingProbe.takeFree(from: runtime) {
      probe = free
    } else {
      probe = makeProbe()
      probe.enlist(in: runtime)
    }
    probe.begin(start, path: path, count: path.count)
    return probe
  }

  /// Sends the finished record to the tracers on the path, after handing `activities` (if the
  /// path is observed too) to their observers; then keeps its storage as the spare if no
  /// tracer kept the record.
  ///
  /// The recorder is free for another dispatch as soon as the record is made, so a tracer that
  /// posts reuses it (with storage of its own, this record's being in use).
  func finish(
    _ outcome: Outcome, deliveringFirst activities: ActivityBatch?, probe: RecordingProbe,
    in runtime: ChainRuntime
  ) {
    // NB: the spare, got back when nobody kept the last record, is refilled in place.
    var storage = self.storage.take() ?? DispatchRecordStorage()
    guard let path = fill(storage, outcome, probe: probe, names: nil) else {
      preconditionFailure("a recorder finished a dispatch it never began")
    }
    recycle(probe, to: runtime)
    // Observers first: a tracer that reacts to a record (the explorer notes a refused nested
    // dispatch at its target) then finds the nodes' own lines of the dispatch already there.
    activities?.deliver()
    Self.deliver(storage, along: path, in: runtime)
    // NB: the record was made and dropped inside `deliver`, so this holds the one reference
    // unless a tracer kept the record (or a nested dispatch of this recorder put a spare back).
    if self.storage == nil, isKnownUniquelyReferenced(&storage) {
      // NB: the box too is refilled by a later event if nothing else holds it (a tracer that
      // kept a rewritten hop's text, or an activity observer's batch, holds it).
      // NB: the box and the storage moved on (`consume`), not copied: a copy is retained here
      // and its original released.
      if var box = storage.box.take(), isKnownUniquelyReferenced(&box) {
        DescriptionBox.keepSpare(consume box, in: runtime)
      }
      storage.dropPayload()
      self.storage = consume storage
    }
  }

  /// Hands the record of `storage` to the tracers of `path`'s hooks: out of line, so that the
  /// record is gone when it returns.
  ///
  /// NB: the path passed, not its hooks: read here from the borrowed path, they are not
  /// retained around the call.
  @inline(never)
  private static func deliver(
    _ storage: DispatchRecordStorage, along path: PathCache, in runtime: ChainRuntime
  ) {
    TracerHook.deliver(.dispatch(DispatchRecord(storage: storage)), to: path.hooks, in: runtime)
  }

  private func recycle(_ probe: RecordingProbe, to runtime: ChainRuntime) {
    if !extras.isEmpty { extras.removeAll() }
    probe.returnFree()
    #if CHAINKIT_INVARIANTS
      checkInvariants(of: runtime)
    #endif
  }

  /// Traps with a message if the runtime's list of recorders breaks the invariant above: every
  /// recorder appears once, and every free one is recycled (no box, cores or tracers).
  func checkInvariants(of runtime: ChainRuntime) {
    precondition(
      DescriptionBox.spareIsRefillable(in: runtime), "the spare box holds a payload with references"
    )
    var seen: Set<ObjectIdentifier> = []
    var next = runtime.recorders
    while let probe = next {
      next = probe.nextRecorder
      guard let recorder = probe.recorder as? DispatchRecorder else {
        preconditionFailure("a listed recorder's probe holds another kind of recorder")
      }
      precondition(seen.insert(ObjectIdentifier(probe)).inserted, "a recorder listed twice")
      // A recorder in use (an enclosing dispatch's) holds its dispatch.
      guard !probe.isInUse else { continue }
      precondition(
        probe.isClear && recorder.extras.isEmpty && recorder.probe === probe,
        "a free recorder still holds a dispatch")
      if let spare = recorder.storage {
        precondition(
          spare.box == nil && spare.payloadText == nil, "a recorder's spare holds a payload")
      }
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
    // A loop, not `map`: see fill(_:_:probe:names:).
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

  /// Fills `storage` with the dispatch as it ended with `outcome`, from what `probe` recorded
  /// (``RecordingProbe/take(exchangingKept:box:answeredBy:path:key:)``), along the nodes `names`
  /// (target first), or the path's if nil.
  ///
  /// - Returns: The path the dispatch walked, if any.
  @discardableResult
  func fill(
    _ storage: DispatchRecordStorage, _ outcome: Outcome, probe: RecordingProbe, names: [String]?
  ) -> PathCache? {
    #if CHAINKIT_INVARIANTS
      LiveObjectCensus.current?.noteRecordBuilt()
    #endif
    var path: PathCache?
    let taken = probe.take(
      exchangingKept: &storage.kept, box: &storage.box, answeredBy: &storage.answeredBy,
      path: &path, key: &storage.key)
    storage.id = taken.id
    storage.parent = taken.parent == 0 ? nil : taken.parent
    storage.kind = taken.kind
    storage.walked = names == nil
    // NB: in place, field by field: storage filled again holds the last record's values, and
    // each is released as it is overwritten. Optionals are unwrapped by `if let`, not `??`,
    // whose generic copy goes through the type's metadata.
    if let names {
      storage.path = names
    } else if let path {
      storage.path = path.names
    } else {
      storage.path = []
    }
    if storage.origin != nil { storage.origin = nil }
    storage.listenersRun = outcome.listenersRun
    storage.stopped = outcome.isStopped
    storage.prevented = outcome.isPrevented
    if outcome.hasErrors || !storage.errors.isEmpty {
      // NB: a loop, not `map`: a closure made on the main actor and passed to a nonisolated
      // function checks the executor when called.
      var errors: [String] = []
      for error in outcome.errors { errors.append(String(describing: error)) }
      storage.errors = errors
    }
    storage.elapsedNanoseconds = taken.span.elapsed
    storage.walk = taken.walk
    storage.end = taken.end
    storage.span = taken.span
    swap(&storage.extras, &extras)
    if storage.payloadText != nil { storage.payloadText = nil }
    if storage.box == nil {
      var noIndices: [Int]?
      storage.madeHops = storage.recorded.records(box: nil, indices: &noIndices)
    } else {
      // NB: the records are made from the recorded hops when first read, and kept in the box.
      if storage.madeHops != nil { storage.madeHops = nil }
    }
    storage.checkInvariantsIfEnabled()
    return path
  }
}
