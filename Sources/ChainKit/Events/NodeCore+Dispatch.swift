/// The dispatch algorithm: the W3C DOM's, on a path computed once per topology change.
extension NodeCore {
  /// Posts an event to this node and returns what happened.
  ///
  /// NB: `@inlinable`, so that clients get it specialised for their payload type. Nothing on the
  /// walk is retained: this core stays alive for the call (its caller holds it), its cached path
  /// is kept until the outermost dispatch returns even if a listener changes the topology, and
  /// the path owns its cores.
  @inlinable
  func dispatch<P>(keyID: Int, key: String, bubbles: Bool, payload: P) -> Outcome {
    if DispatchState.depth > 0, let refusal = refuseNested(key: key, payload: payload) {
      return refusal
    }
    refreshPathIfStale()
    unowned(unsafe) let path = cachedPath
    let (id, parentID, nestingMark) = DispatchState.enter()

    var ctx = EventContext(key: key, phase: .capture, dispatchID: id, target: self)
    var payload = payload
    let recorder =
      path.tracers.isEmpty
      ? nil
      : DispatchRecorder.make(
        .event, id: id, parent: parentID, key: key, payload: payload, path: path)
    let bit = keyBit(keyID)
    let refs = path.refs

    // Capture: from the root end of the path down to the target's parent; skipped outright
    // when no node on the path has a capture listener for the key.
    if path.captureMask & bit != 0 {
      var index = refs.count - 1
      while index > 0, !ctx.stopRequested {
        withGuaranteed(refs[index]) { core in
          if core.keyMask & bit != 0 {
            core.visit(
              keyID: keyID, phase: .capture, capture: true, runsInterceptors: false,
              ctx: &ctx, payload: &payload, recorder: recorder)
          }
        }
        index -= 1
      }
    }
    // Target: interceptors, then capture listeners, then the others (as the DOM does).
    if !ctx.stopRequested, keyMask & bit != 0 {
      visitTarget(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    }
    // Bubble: from the target's parents to the root end.
    if bubbles {
      var index = 1
      while index < refs.count, !ctx.stopRequested {
        withGuaranteed(refs[index]) { core in
          if core.keyMask & bit != 0 {
            core.visit(
              keyID: keyID, phase: .bubble, capture: false, runsInterceptors: true,
              ctx: &ctx, payload: &payload, recorder: recorder)
          }
        }
        index += 1
      }
    }
    return finish(ctx: &ctx, parentID: parentID, nestingMark: nestingMark, recorder: recorder)
  }

  /// Ends a dispatch: restores the nesting state, collects nested failures, emits the trace.
  @inlinable
  func finish(
    ctx: inout EventContext, parentID: UInt64, nestingMark: Int, recorder: DispatchRecorder?
  ) -> Outcome {
    DispatchState.depth -= 1
    DispatchState.currentID = parentID
    if DispatchState.nestingErrorCount > nestingMark {
      collectNestingErrors(since: nestingMark, into: &ctx)
    }
    let outcome = ctx.outcome
    if DispatchState.depth == 0, DispatchState.needsSettle { DispatchState.settle() }
    if let recorder { recorder.emit(outcome) }
    return outcome
  }

  @usableFromInline
  func collectNestingErrors(since mark: Int, into ctx: inout EventContext) {
    for error in DispatchState.nestingErrors[mark...] { ctx.errors.append(error) }
  }

  /// The outcome of a nested post refused for nesting too deep, or `nil` to let it run.
  @usableFromInline
  func refuseNested<P>(key: String, payload: P) -> Outcome? {
    guard DispatchState.runaway || DispatchState.depth >= DispatchState.nestingLimit else {
      return nil
    }
    let error = ChainError.nestingTooDeep(key: key, limit: DispatchState.nestingLimit)
    if !DispatchState.runaway {
      DispatchState.runaway = true
      DispatchState.nestingErrors.append(error)
      DispatchState.needsSettle = true
    }
    let tracers = tracersOnPath
    if !tracers.isEmpty {
      let recorder = DispatchRecorder(
        id: DispatchState.nextID(), parent: DispatchState.currentID, kind: .event, key: key,
        payload: payload, path: path)
      var outcome = Outcome()
      outcome.errors = [error]
      Trace.emit(.dispatch(recorder.finish(outcome)), to: tracers)
    }
    var outcome = Outcome()
    outcome.errors = [error]
    return outcome
  }
}
