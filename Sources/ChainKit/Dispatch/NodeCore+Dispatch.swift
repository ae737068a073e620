/// The dispatch algorithm: the W3C DOM's, on a path computed once per change of the nodes on it.
///
/// A post visits only the path's *hits* for its key: the nodes that have registrations for it
/// (``PathHits``, found once per path and key), so neither the number of keys in the program nor
/// the nodes that do not listen cost anything per post.
extension NodeCore {
  /// Posts an event to this node and returns what happened.
  ///
  /// NB: `@inlinable`, so that clients get it specialised for their payload type. Nothing on the
  /// walk is retained: this core stays alive for the call (its caller holds it), its cached path
  /// and the path's hits are kept until the outermost operation returns even if a listener
  /// changes the topology, and the path owns its cores.
  @inlinable
  func dispatch<P>(keyID: Int, key: String, bubbles: Bool, payload: P) -> Outcome {
    let runtime = self.runtime
    if let refusal = runtime.admit(key) {
      return refused(refusal, kind: .event, key: key, payload: payload)
    }
    refreshPathIfStale()
    var capturesAbove = false
    var walk = HitWalk(
      along: self, runtime: runtime, keyID: keyID, capturesAbove: &capturesAbove)
    let id = runtime.nextDispatchID()
    let parentID = runtime.currentDispatchID
    runtime.currentDispatchID = id
    let mark = runtime.enter()

    var ctx = EventContext(keyID: keyID, phase: .capture, dispatchID: id, target: self)
    let probe =
      walk.cache.isProbed
      ? walk.cache.makeProbe(
        .event, id: id, parent: parentID, key: key, box: PayloadBox(payload), bubbles: bubbles)
      : nil

    // Capture: from the root end of the path down to the target's parent, at the nodes with
    // capture listeners. Interceptors belong to the upward walk, so capture listeners see the
    // payload as posted.
    // NB: the check for new hits comes before the check for the end, so a node that gains the
    // key after the last cached hit ran is still visited (rule 10).
    // No capture listener above the target: no listener can run before the target, so there is
    // nothing to visit on the way down, nor can one be added there meanwhile: read once.
    var position = walk.entries.count - 1
    var visited = walk.cache.cores.count
    while capturesAbove, !ctx.stopRequested {
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
    var current = payload
    // Target: interceptors, then capture listeners, then the others (as the DOM does).
    _ = walk.refreshIfChanged()
    if !ctx.stopRequested, let first = walk.entries.first, first.index == 0 {
      withUnretained(first.registrations) { registrations in
        registrations.visitTarget(ctx: &ctx, payload: &current, probe: probe)
      }
    }
    // Bubble: from the target's parents to the root end.
    if bubbles, !ctx.stopRequested {
      walkUp(from: 1, walk: &walk, ctx: &ctx, payload: &current) {
        registrations, _, ctx, payload in
        registrations.visitBubble(ctx: &ctx, payload: &payload, probe: probe)
        return true
      }
    }
    return finish(ctx: ctx, runtime: runtime, parentID: parentID, mark: mark, probe: probe)
  }

  /// Ends a dispatch: restores the current dispatch id, collects the refusals of nested
  /// operations into the outcome, leaves the guard, emits the trace.
  ///
  /// NB: consumes the context, so that its errors move into the outcome instead of being
  /// copied and then released with it.
  @inlinable
  func finish(
    ctx: consuming EventContext, runtime: ChainRuntime, parentID: UInt64, mark: Int,
    probe: DispatchProbe?
  ) -> Outcome {
    runtime.currentDispatchID = parentID
    if runtime.refusalCount > mark {
      collectRefusals(since: mark, into: &ctx)
    }
    let outcome = Outcome(
      isPrevented: ctx.prevented, isStopped: ctx.stopRequested, listenersRun: ctx.listenersRun,
      errors: ctx.thrown ?? [])
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
    outcome.errors = [refusal.error]
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
