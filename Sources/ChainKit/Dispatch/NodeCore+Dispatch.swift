// Dispatch: how a post reaches its listeners. `Node.post` (Node+Post) enters here; a node's
// cached path (PathCache, computed in NodeCore+Path), the path's hits per key and its plan per
// key (DispatchPlan: every phase's listeners as one flat sequence); the walk along a plan, and
// the walk over the hits (HitWalk, NodeCore+Walk, KeyedRegistrations+Visit) for what a plan
// leaves out.

/// The dispatch algorithm: the W3C DOM's, on a path computed once per change of the nodes on it.
///
/// A post walks its path's plan for its key (``DispatchPlan``) when there is one: one loop over
/// the listeners of every phase. Otherwise it visits only the path's *hits* for its key: the
/// nodes that have registrations for it (``PathHits``, found once per path and key). Either way,
/// neither the number of keys in the program nor the nodes that do not listen cost anything per
/// post.
extension NodeCore {
  /// Posts an event to this node and returns what happened.
  ///
  /// NB: `@inlinable`, so that clients get it specialised for their payload type. Nothing on the
  /// walk is retained: this core stays alive for the call (its caller holds it), its cached path,
  /// the path's hits and plans are kept until the outermost operation returns even if a listener
  /// changes the topology or the key's registrations, and the path owns its cores.
  @inlinable
  func dispatch<P>(keyID: Int, key: String, bubbles: Bool, payload: P) -> Outcome {
    let runtime = self.runtime
    if let refusal = runtime.admit(key) {
      return refused(refusal, kind: .event, key: key, payload: payload)
    }
    refreshPathIfStale()
    let path = cachedPathReference
    if let plan = withUnretained(path, { $0.plan(for: keyID, in: runtime) }) {
      return withUnretained(plan) {
        $0.dispatch(
          from: self, path: Unretained(path), keyID: keyID, bubbles: bubbles, payload: payload)
      }
    }
    return dispatchOverHits(keyID: keyID, key: key, bubbles: bubbles, payload: payload)
  }

  /// A dispatch over the path's hits: for a key with no plan along this path (interceptors, a
  /// capture listener at the target, a probe); a traced one walks its ``RecordingPlan`` if the
  /// path has one for the key.
  ///
  /// NB: out of line, so that the dispatch along a plan keeps a small frame.
  @inlinable @inline(never)
  func dispatchOverHits<P>(keyID: Int, key: String, bubbles: Bool, payload: P) -> Outcome {
    let runtime = self.runtime
    var capturesAbove = false
    var walk = HitWalk(
      along: self, runtime: runtime, keyID: keyID, capturesAbove: &capturesAbove)
    let opening = runtime.beginDispatch()

    var ctx = EventContext(keyID: keyID, phase: .capture, dispatchID: opening.id, target: self)
    // NB: the path lent, not read through `walk.cache`: a reference read from there is retained
    // around each call.
    if withUnretained(walk.path, { $0.isProbed }) {
      // NB: a probe that is not optional, passed on as it is: an optional one is bound to be
      // called, and a binding is retained around its use.
      let probe = withUnretained(walk.path) { cache in
        cache.makeProbe(
          .event, id: opening.id, parent: opening.parentID, key: key,
          taking: PayloadBox.make(payload, reusing: runtime), bubbles: bubbles)
      }
      if let plan = withUnretained(
        walk.path, { $0.recordingPlan(for: keyID, generation: runtime.generation(ofKey: keyID)) })
      {
        withUnretained(plan) {
          dispatch(
            along: $0, probe: probe, walk: &walk, bubbles: bubbles, ctx: &ctx, payload: payload)
        }
      } else {
        walkHits(
          &walk, capturesAbove: capturesAbove, captureBelow: walk.cache.cores.count,
          visitsTarget: true, bubbleFrom: 1, bubbles: bubbles, ctx: &ctx, payload: payload,
          probe: probe)
      }
      let outcome = finish(ctx: &ctx, runtime: runtime, opening: opening, probe: nil)
      // Last, as `finish` tells a probe.
      probe.dispatchFinished(outcome, in: runtime)
      return outcome
    }
    walkHits(
      &walk, capturesAbove: capturesAbove, captureBelow: walk.cache.cores.count,
      visitsTarget: true, bubbleFrom: 1, bubbles: bubbles, ctx: &ctx, payload: payload,
      probe: nil)
    return finish(ctx: &ctx, runtime: runtime, opening: opening, probe: nil)
  }

  /// Goes on with a dispatch over the hits from `step` of its plan, a registration having
  /// changed: from the node after the last pass that ran, each node's lists are read on arrival.
  ///
  /// NB: out of line: only a dispatch during which a registration changes comes here.
  @inlinable @inline(never)
  func resume<P>(
    at step: Int, of plan: Unretained<DispatchPlan>, walk: inout HitWalk,
    ctx: inout EventContext, payload: P, bubbles: Bool
  ) {
    let (captureBelow, visitsTarget, bubbleFrom) = plan.object.resumption(
      at: step, pathLength: walk.cache.cores.count)
    walkHits(
      &walk, capturesAbove: captureBelow > 1, captureBelow: captureBelow,
      visitsTarget: visitsTarget, bubbleFrom: bubbleFrom, bubbles: bubbles, ctx: &ctx,
      payload: payload, probe: nil)
  }

  /// The walk over the hits: the capture walk over the nodes above the target below
  /// `captureBelow` (a path index) from the root end down, the target if `visitsTarget`, then the
  /// bubble walk from path index `bubbleFrom` up.
  ///
  /// A whole dispatch starts with `captureBelow` the path's length, the target and `bubbleFrom`
  /// 1; a dispatch that leaves its plan starts after the plan's last pass that ran.
  ///
  /// - Parameters:
  ///   - walk: The dispatch's walk over the path's hits.
  ///   - capturesAbove: Whether a node above the target may have capture listeners; if not the
  ///     capture walk is skipped.
  ///   - captureBelow: The path index the capture walk starts below.
  ///   - visitsTarget: Whether the target's visit is still to come.
  ///   - bubbleFrom: The path index the bubble walk starts from.
  ///   - bubbles: Whether the key bubbles.
  ///   - ctx: The dispatch's context.
  ///   - payload: The payload as posted (no interceptor ran before the walk).
  ///   - probe: The dispatch's probe, if it is heard.
  @inlinable @inline(__always)
  func walkHits<P>(
    _ walk: inout HitWalk, capturesAbove: Bool, captureBelow: Int, visitsTarget: Bool,
    bubbleFrom: Int, bubbles: Bool, ctx: inout EventContext, payload: P, probe: DispatchProbe?
  ) {
    // Capture: from the root end of the path down to the target's parent, at the nodes with
    // capture listeners. Interceptors belong to the upward walk, so capture listeners see the
    // payload as posted.
    // NB: the check for new hits comes before the check for the end, so a node that gains the
    // key after the last cached hit ran is still visited (rule 10).
    // No capture listener above the target: no listener can run before the target, so there is
    // nothing to visit on the way down, nor can one be added there meanwhile: read once.
    if capturesAbove {
      var visited = captureBelow
      var position = walk.lastPosition(before: visited)
      while !ctx.stopRequested {
        if walk.refreshIfChanged() { position = walk.lastPosition(before: visited) }
        guard position >= 0 else { break }
        let hit = walk.entries[position]
        position -= 1
        if hit.index == 0 { break }
        visited = hit.index
        withUnretained(hit.registrations) { registrations in
          if registrations.hasCapture {
            registrations.visitCapture(ctx: &ctx, payload: payload, probe: probe)
          }
        }
      }
    }
    var current = payload
    // Target: interceptors, then capture listeners, then the others (as the DOM does).
    if visitsTarget {
      _ = walk.refreshIfChanged()
      if !ctx.stopRequested, let first = walk.entries.first, first.index == 0 {
        withUnretained(first.registrations) { registrations in
          registrations.visitTarget(ctx: &ctx, payload: &current, probe: probe)
        }
      }
    }
    // Bubble: from the target's parents to the root end.
    if bubbles, !ctx.stopRequested {
      walkUp(from: bubbleFrom, walk: &walk, ctx: &ctx, payload: &current) {
        registrations, _, ctx, payload in
        registrations.visitBubble(ctx: &ctx, payload: &payload, probe: probe)
        return true
      }
    }
  }

  /// Ends a dispatch: restores the current dispatch id, collects the refusals of nested
  /// operations into the outcome, leaves the guard, emits the trace.
  ///
  /// NB: borrows the context rather than consuming it, so that it is not moved to another place
  /// first; its errors are taken out of it into the outcome.
  @inlinable
  func finish(
    ctx: inout EventContext, runtime: ChainRuntime, opening: DispatchOpening,
    probe: DispatchProbe?
  ) -> Outcome {
    runtime.currentDispatchID = opening.parentID
    if runtime.refusalCount > opening.mark {
      collectRefusals(since: opening.mark, into: &ctx)
    }
    // NB: taken off the runtime's stack, where they waited, so that the stack holds the
    // enclosing dispatch's errors on top again.
    let outcome = Outcome(
      isPrevented: ctx.prevented, isStopped: ctx.stopRequested, listenersRun: ctx.listenersRun,
      thrown: ctx.takeErrors())
    runtime.leave()
    if let probe { probe.dispatchFinished(outcome) }
    return outcome
  }

  @usableFromInline
  func collectRefusals(since mark: Int, into ctx: inout EventContext) {
    for error in runtime.refusals(since: mark) { ctx.record(error) }
  }

  /// The outcome of an event or request the guard refused; one refusal of a runaway is traced
  /// (the first whose operation has a record).
  @usableFromInline
  func refused<P>(
    _ refusal: ReentryGuard.Refusal, kind: DispatchKind, key: String, payload: P
  ) -> Outcome {
    var outcome = Outcome()
    outcome.record(refusal.error)
    let hooks = hooksOnPath
    if !hooks.isEmpty, runtime.takeRefusalTrace() {
      let start = DispatchStart(
        kind: kind, id: runtime.nextDispatchID(), parent: runtime.currentDispatchID, key: key,
        box: PayloadBox(payload), bubbles: true)
      var names: [String] = []
      for core in path { names.append(core.name) }
      Trace.emit(.refusedDispatch(start, path: names, outcome: outcome), to: hooks, in: runtime)
    }
    return outcome
  }
}
