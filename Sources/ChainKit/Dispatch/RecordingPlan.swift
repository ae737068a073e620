/// The visits a traced dispatch of one key makes along one path (a path with tracers and no
/// activity observers), in walk order: what it walks instead of the path's hits, so that each
/// visit is one step of an array whose walk position is known, rather than a search of the hits
/// and of the walk.
///
/// A pass is one node in one phase: every hit above the target with capture listeners in the
/// capture phase (from the root end down), the target, then every hit above it in the bubble
/// phase (from the target's parents up), exactly the visits the walk over the hits makes. Each
/// pass reads its node's list for the key on arrival and records the same outcomes as that walk
/// does: a pass of up to ``PackedListenerOutcomes/limit`` listeners in the dispatch's own loop
/// (``NodeCore/dispatch(along:probe:walk:bubbles:ctx:payload:)``), a longer one with the walk's
/// own loop and the probe's calls.
///
/// Made on the first traced post of its key along its path
/// (``PathCache/recordingPlan(for:generation:)``) and exact while the path is current and the key's generation unchanged, as a
/// ``DispatchPlan``. A path with interceptors for the key or capture listeners at the target
/// has none: such a dispatch takes the walk over the hits, as an untraced one does. During the
/// dispatch a registration made or cancelled (``ChainRuntime/registrationChanges`` moved) sends
/// the rest of it over the hits from the next pass, as for a ``DispatchPlan``; a node whose
/// capture listeners were compacted away since the plan was made is passed, as the walk passes it.
@usableFromInline
@MainActor
final class RecordingPlan {
  /// One node's visit in one phase.
  @usableFromInline
  struct Pass {
    /// The node's registrations for the key, unretained: the node owns them for as long as it
    /// lives, and the path owns the node.
    @usableFromInline let registrations: Unretained<KeyedRegistrations>
    /// The node's index on the path (the target is 0).
    @usableFromInline let pathIndex: Int
    @usableFromInline let phase: Phase
    /// The visit's position in the dispatch's walk (``DispatchWalk``).
    @usableFromInline let position: Int
  }

  @usableFromInline let keyID: Int
  /// The key's generation when the plan was made.
  @usableFromInline let generation: UInt64
  @usableFromInline let passes: ContiguousArray<Pass>
  /// The index of the first bubble pass (``passes``' count if none): a key that does not bubble
  /// stops here.
  @usableFromInline let bubbleStart: Int

  private init(keyID: Int, generation: UInt64, passes: ContiguousArray<Pass>, bubbleStart: Int) {
    self.keyID = keyID
    self.generation = generation
    self.passes = passes
    self.bubbleStart = bubbleStart
  }

  /// The plan for `keyID` along a path of `pathLength` nodes whose hits for it are `hits` (path
  /// index and registrations, in path order), or `nil` if a dispatch of it must walk the hits.
  static func make(
    keyID: Int, generation: UInt64, pathLength: Int,
    hits: [(index: Int, registrations: KeyedRegistrations)]
  ) -> RecordingPlan? {
    for hit in hits {
      if hit.registrations.interceptors.liveCount > 0 { return nil }
      if hit.index == 0, hit.registrations.hasCapture { return nil }
    }
    let target = pathLength - 1
    var passes = ContiguousArray<Pass>()
    passes.reserveCapacity(2 * hits.count)
    // A node without capture listeners now gains one only by a registration, which makes
    // the plan stale: the walk over the hits would pass it on the way down.
    for hit in hits.reversed() where hit.index > 0 && hit.registrations.hasCapture {
      passes.append(
        Pass(
          registrations: Unretained(hit.registrations), pathIndex: hit.index, phase: .capture,
          position: target - hit.index))
    }
    if let first = hits.first, first.index == 0 {
      passes.append(
        Pass(
          registrations: Unretained(first.registrations), pathIndex: 0, phase: .target,
          position: target))
    }
    let bubbleStart = passes.count
    for hit in hits where hit.index > 0 {
      passes.append(
        Pass(
          registrations: Unretained(hit.registrations), pathIndex: hit.index, phase: .bubble,
          position: target + hit.index))
    }
    return RecordingPlan(
      keyID: keyID, generation: generation, passes: passes, bubbleStart: bubbleStart)
  }

  /// Where the walk over the hits takes over from a plan whose passes before `pass` ran.
  ///
  /// - Returns: The path index the capture walk starts below (0: no capture walk), whether the
  ///   target's visit is still to come, and the path index the bubble walk starts from.
  @usableFromInline
  func resumption(at pass: Int, pathLength: Int) -> (
    captureBelow: Int, visitsTarget: Bool, bubbleFrom: Int
  ) {
    guard pass > 0 else { return HitWalk.resumption(after: nil, at: 0, pathLength: pathLength) }
    let last = passes[pass - 1]
    return HitWalk.resumption(after: last.phase, at: last.pathIndex, pathLength: pathLength)
  }
}

extension NodeCore {
  /// Runs a traced dispatch along `plan`, then, if a registration changed during it, over the
  /// hits from the node after the last pass that ran (`walk`, the dispatch's walk over them,
  /// is then found afresh).
  ///
  /// NB: neither inlinable nor specialised for the payload's type, as a ``DispatchPlan``'s loop:
  /// nothing in it depends on that type but the listener call, which takes the payload by
  /// reference; and kept in this module, each pass ends by writing the probe's hop state
  /// directly (``RecordingProbe/endPass``), where the probe's unchecked exclusivity holds, rather
  /// than by a call. Out of line, so that the untraced dispatch keeps a small frame. The plan is
  /// borrowed: one a nested post replaces is kept until no operation is under way.
  @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
  func dispatch<P>(
    along plan: RecordingPlan, probe: DispatchProbe, walk: inout HitWalk, bubbles: Bool,
    ctx: inout EventContext, payload: P
  ) {
    let runtime = self.runtime
    // A tracer's probe records a pass of a few listeners in the pass's own loop; a longer
    // pass (or another probe) is heard call by call, as on the walk over the hits.
    let recording = probe is RecordingProbe
    let count = bubbles ? plan.passes.count : plan.bubbleStart
    let changes = runtime.registrationChanges
    if recording { uncheckedCast(probe, to: RecordingProbe.self).reserve(passes: count) }
    var index = 0
    while index < count {
      if ctx.stopRequested { return }
      if runtime.registrationChanges != changes { break }
      let pass = plan.passes[index]
      index += 1
      let capture = pass.phase == .capture
      // NB: what the pass needs of its node's registrations read through a small closure, and
      // the pass recorded here, in the loop: in a closure over the registrations, the pass's
      // own frame would cost more than its recording.
      let (hasCapture, node, listeners) = withUnretained(pass.registrations) {
        ($0.hasCapture, $0.coreReference, $0.listeners)
      }
      // The walk over the hits visits a node on the way down only if it has capture listeners.
      if capture, !hasCapture { continue }
      ctx.currentPhase = pass.phase
      ctx.currentReference = node
      guard recording, listeners.count <= PackedListenerOutcomes.limit else {
        withUnretained(pass.registrations) {
          $0.runHeard(
            capture: capture, phase: pass.phase, position: pass.position, ctx: &ctx,
            payload: payload, probe: probe)
        }
        continue
      }
      // The pass's listeners among those on arrival, each one's outcome packed into a word,
      // and its hop handed to the probe once at the end: as the probe would record them
      // called listener by listener (what `RecordingPlanTests` compare). Each slot is noted
      // at most once per pass, so a note is a bit field set, and a list of at most
      // ``PackedListenerOutcomes/limit`` listeners never spills.
      let ranBefore = ctx.listenersRun
      let errorsBefore = ctx.errorCount
      let preventedBefore = ctx.prevented
      var word: UInt64 = 0
      if let base = listeners.base {
        let end = listeners.count
        let expected = Registration.matchWord(keyID: plan.keyID, capture: capture)
        var slot = 0
        while slot < end {
          let entry = base[slot]
          defer { slot &+= 1 }
          guard let entry else {
            PackedListenerOutcomes.set(slot: slot, capture: capture, .removed, in: &word)
            continue
          }
          // NB: what few listeners need (another phase, removed, once or target-bound) is
          // noted out of line, its field or-ed into the word, which stays in a register.
          if withUnretained(entry, { $0.matchWord }) != expected,
            let skipped = withUnretained(
              pass.registrations,
              { $0.skippedRecorded(slot: slot, capture: capture, expected: expected) })
          {
            word |= skipped
            continue
          }
          ctx.listenersRun &+= 1
          let errors = ctx.errorCount
          let stops = ctx.stopCount
          // NB: the closure only calls the body, so that it is small enough to be inlined.
          do {
            try withUnretained(entry, as: ListenerBox<P>.self) { try $0.body(&ctx, payload) }
          } catch {
            ctx.currentCore.record(error, in: &ctx)
          }
          let outcome: ListenerOutcome =
            ctx.errorCount > errors
            ? .threw
            : ctx.stopCount != stops
              ? (ctx.immediateStopRequested ? .stoppedImmediately : .stopped) : .ran
          PackedListenerOutcomes.set(slot: slot, capture: capture, outcome, in: &word)
          if ctx.immediateStopRequested {
            let rest = slot &+ 1
            word |= withUnretained(
              pass.registrations, { $0.skippedAfterStop(from: rest, capture: capture) })
            break
          }
        }
      }
      // NB: wrapping: a count after the pass is never below the count before it.
      let thrown = ctx.errorCount &- errorsBefore
      // NB: cast from the borrowed probe at each call, not bound once outside: a binding is
      // retained around each pass.
      if thrown > 0 {
        uncheckedCast(probe, to: RecordingProbe.self).passThrew(
          phase: pass.phase, position: pass.position, ctx.errors[errorsBefore...])
      }
      uncheckedCast(probe, to: RecordingProbe.self).endPass(
        phase: pass.phase, position: pass.position, listeners: word,
        ran: ctx.listenersRun &- ranBefore, thrown: thrown, stopped: ctx.stopRequested,
        stoppedImmediately: ctx.immediateStopRequested,
        prevented: ctx.prevented && !preventedBefore)
    }
    // A listener of the last pass may have registered the key at a node after it.
    guard !ctx.stopRequested, runtime.registrationChanges != changes else { return }
    resume(
      after: index, of: plan, probe: probe, walk: &walk, bubbles: bubbles, ctx: &ctx,
      payload: payload)
  }

  /// Goes on with a traced dispatch over the hits after the first `passes` of `plan` ran, a
  /// registration having changed.
  ///
  /// NB: out of line: only a dispatch during which a registration changes comes here.
  @inline(never)
  func resume<P>(
    after passes: Int, of plan: RecordingPlan, probe: DispatchProbe, walk: inout HitWalk,
    bubbles: Bool, ctx: inout EventContext, payload: P
  ) {
    let (captureBelow, visitsTarget, bubbleFrom) = plan.resumption(
      at: passes, pathLength: walk.cache.cores.count)
    walk = HitWalk(afreshAlong: walk.path, runtime: runtime, keyID: plan.keyID)
    walkHits(
      &walk, capturesAbove: captureBelow > 1, captureBelow: captureBelow,
      visitsTarget: visitsTarget, bubbleFrom: bubbleFrom, bubbles: bubbles, ctx: &ctx,
      payload: payload, probe: probe)
  }
}

extension PathCache {
  /// The recording plan of `keyID` along this path at `generation` (the key's generation now),
  /// or `nil` if a traced dispatch of the key takes the walk over the hits: always on a path with
  /// activity observers, whose probe hears each call of the walk.
  ///
  /// Unretained, as a ``DispatchPlan``: the path keeps the plan while it lives, and a plan a
  /// nested post replaces is kept until no operation is under way (``ChainRuntime/keepUntilIdle(_:)``).
  @usableFromInline
  func recordingPlan(for keyID: Int, generation: UInt64) -> Unretained<RecordingPlan>? {
    guard observers.isEmpty else { return nil }
    if let last = lastRecordingPlan, last.keyID == keyID, last.generation == generation {
      return Unretained(last)
    }
    let plan: RecordingPlan?
    if let known = recordingPlans[keyID], known.generation == generation {
      plan = known.plan
    } else {
      let runtime = self.runtime
      var found: [(index: Int, registrations: KeyedRegistrations)] = []
      for hit in hits(for: keyID).entries {
        found.append((hit.index, hit.registrations.takeUnretainedValue()))
      }
      plan =
        runtime.recordingPlansEnabled
        ? RecordingPlan.make(keyID: keyID, generation: generation, pathLength: count, hits: found)
        : nil
      if plan != nil { runtime.recordingPlansMade += 1 }
      if let stale = recordingPlans[keyID]?.plan { runtime.keepUntilIdle(stale) }
      recordingPlans[keyID] = (generation, plan)
    }
    lastRecordingPlan = plan
    return plan.map { Unretained($0) }
  }
}

extension KeyedRegistrations {
  /// One pass of a traced dispatch along its plan heard call by call, as on the walk over the
  /// hits: a pass of more listeners than the packed word holds, or another probe's.
  ///
  /// NB: out of line, so that the plan's loop keeps a small frame.
  @inline(never)
  func runHeard<P>(
    capture: Bool, phase: Phase, position: Int, ctx: inout EventContext, payload: P,
    probe: DispatchProbe
  ) {
    probe.beginPass(phase: phase, position: position, ctx: ctx)
    runListeners(
      capture: capture, from: 0, to: listeners.count, ctx: &ctx, payload: payload, probe: probe)
    probe.endHop(ctx: ctx)
  }

  /// Whether the listener in `slot` (present), whose match word is not `expected`, is skipped
  /// in this pass: one of the other phase or removed is, and one that is once or target-bound
  /// runs if it may now (see `mayRun`).
  ///
  /// - Returns: `nil` if it runs; else its outcome's field in the pass's word (none for a
  ///   listener that may not run now, as on the walk over the hits).
  @inline(never)
  func skippedRecorded(slot: Int, capture: Bool, expected: Int) -> UInt64? {
    guard let base = listeners.base, let entry = base[slot] else { return 0 }
    return withUnretained(entry) { registration in
      if registration.matchWord == expected | 1, !registration.isRemoved, mayRun(registration) {
        return nil
      }
      var word: UInt64 = 0
      if registration.isRemoved {
        PackedListenerOutcomes.set(slot: slot, capture: registration.capture, .removed, in: &word)
      } else if registration.capture != capture {
        PackedListenerOutcomes.set(
          slot: slot, capture: registration.capture, .otherPhase, in: &word)
      }
      return word
    }
  }

  /// The fields, in the pass's word, of the listeners of `capture` (or not) from slot `start`
  /// on, which did not get their turn after an immediate stop (as `noteSkipped`).
  @inline(never)
  func skippedAfterStop(from start: Int, capture: Bool) -> UInt64 {
    var word: UInt64 = 0
    guard let base = listeners.base else { return word }
    let end = listeners.count
    var index = start
    while index < end {
      if let rest = base[index] {
        withUnretained(rest) { registration in
          guard registration.capture == capture else { return }
          PackedListenerOutcomes.set(
            slot: index, capture: capture,
            registration.isRemoved ? .removed : .skippedAfterStop, in: &word)
        }
      }
      index += 1
    }
    return word
  }
}
