/// The dispatch algorithm: the W3C DOM's, on a path computed once per post.
extension NodeCore {
  /// Posts an event to this node and returns what happened.
  func dispatch<P>(keyID: Int, key: String, bubbles: Bool, payload: P) -> Outcome {
    if DispatchState.depth > 0, let refusal = refuseNested(key: key, payload: payload) {
      return refusal
    }
    let (path, tracers) = pathAndTracers
    let id = DispatchState.nextID()
    let parentID = DispatchState.currentID
    let nestingMark = DispatchState.nestingErrors.count
    DispatchState.currentID = id
    DispatchState.depth += 1

    var ctx = EventContext(key: key, phase: .capture, dispatchID: id, target: self)
    var payload = payload
    let recorder =
      tracers.isEmpty
      ? nil
      : DispatchRecorder(
        id: id, parent: parentID, kind: .event, key: key, payload: payload, path: path)
    let bit = keyBit(keyID)

    // Capture: from the root end of the path down to the target's parent.
    var index = path.count - 1
    while index > 0, !ctx.stopRequested {
      let core = path[index]
      if core.keyMask & bit != 0 {
        core.visit(
          keyID: keyID, phase: .capture, capture: true, runsInterceptors: false,
          ctx: &ctx, payload: &payload, recorder: recorder)
      }
      index -= 1
    }
    // Target: interceptors, then capture listeners, then the others (as the DOM does).
    if !ctx.stopRequested, keyMask & bit != 0 {
      visitTarget(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    }
    // Bubble: from the target's parents to the root end.
    if bubbles {
      index = 1
      while index < path.count, !ctx.stopRequested {
        let core = path[index]
        if core.keyMask & bit != 0 {
          core.visit(
            keyID: keyID, phase: .bubble, capture: false, runsInterceptors: true,
            ctx: &ctx, payload: &payload, recorder: recorder)
        }
        index += 1
      }
    }
    return finish(
      ctx: &ctx, parentID: parentID, nestingMark: nestingMark, recorder: recorder, tracers: tracers)
  }

  /// Ends a dispatch: restores the nesting state, collects nested failures, emits the trace.
  func finish(
    ctx: inout EventContext, parentID: UInt64, nestingMark: Int,
    recorder: DispatchRecorder?, tracers: [any Tracer]
  ) -> Outcome {
    DispatchState.depth -= 1
    DispatchState.currentID = parentID
    if DispatchState.nestingErrors.count > nestingMark {
      for error in DispatchState.nestingErrors[nestingMark...] { ctx.errors.append(error) }
    }
    let outcome = ctx.outcome
    if DispatchState.depth == 0 { DispatchState.settle() }
    if let recorder { Trace.emit(.dispatch(recorder.finish(outcome)), to: tracers) }
    return outcome
  }

  /// The outcome of a nested post refused for nesting too deep, or `nil` to let it run.
  func refuseNested<P>(key: String, payload: P) -> Outcome? {
    guard DispatchState.runaway || DispatchState.depth >= DispatchState.nestingLimit else {
      return nil
    }
    let error = ChainError.nestingTooDeep(key: key, limit: DispatchState.nestingLimit)
    if !DispatchState.runaway {
      DispatchState.runaway = true
      DispatchState.nestingErrors.append(error)
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
