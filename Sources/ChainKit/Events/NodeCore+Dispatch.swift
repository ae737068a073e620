/// The dispatch algorithm: the W3C DOM's, on a path computed once per topology change.
extension NodeCore {
  /// Posts an event to this node and returns what happened.
  ///
  /// NB: `@inlinable`, so that clients get it specialised for their payload type. Nothing on the
  /// walk is retained: this core stays alive for the call (its caller holds it), its cached path
  /// is kept until the outermost operation returns even if a listener changes the topology, and
  /// the path owns its cores.
  @inlinable
  func dispatch<P>(keyID: Int, key: String, bubbles: Bool, payload: P) -> Outcome {
    if let refusal = ReentryGuard.admit(key) {
      return refused(refusal, kind: .event, key: key, payload: payload)
    }
    refreshPathIfStale()
    unowned(unsafe) let path = cachedPath
    let id = DispatchIDs.next()
    let parentID = DispatchIDs.current
    DispatchIDs.current = id
    let mark = ReentryGuard.enter()

    var ctx = EventContext(key: key, phase: .capture, dispatchID: id, target: self)
    let recorder =
      path.tracers.isEmpty
      ? nil
      : DispatchRecorder.make(
        .event, id: id, parent: parentID, key: key, payload: payload, path: path,
        bubbles: bubbles)
    let bit = keyBit(keyID)
    let refs = path.refs

    // Capture: from the root end of the path down to the target's parent; skipped outright
    // when no node on the path has a capture listener for the key. Interceptors belong to the
    // upward walk, so capture listeners see the payload as posted.
    if path.captureMask & bit != 0 {
      var index = refs.count - 1
      while index > 0, !ctx.stopRequested {
        withUnretained(refs[index]) { core in
          if core.keyMask & bit != 0 {
            core.visitCapture(keyID: keyID, ctx: &ctx, payload: payload, recorder: recorder)
          }
        }
        index -= 1
      }
    }
    var current = payload
    // Target: interceptors, then capture listeners, then the others (as the DOM does).
    if !ctx.stopRequested, keyMask & bit != 0 {
      visitTarget(keyID: keyID, ctx: &ctx, payload: &current, recorder: recorder)
    }
    // Bubble: from the target's parents to the root end.
    if bubbles, !ctx.stopRequested, refs.count > 1 {
      if let reachedFrom = path.reachedFrom {
        bubbleAlongBranches(
          keyID: keyID, refs: refs, reachedFrom: reachedFrom, ctx: &ctx, payload: current,
          recorder: recorder)
      } else {
        var index = 1
        while index < refs.count, !ctx.stopRequested {
          withUnretained(refs[index]) { core in
            if core.keyMask & bit != 0 {
              core.visitBubble(keyID: keyID, ctx: &ctx, payload: &current, recorder: recorder)
            }
          }
          index += 1
        }
      }
    }
    return finish(ctx: &ctx, parentID: parentID, mark: mark, recorder: recorder)
  }

  /// The bubble walk of a path over several parents: each node starts from the payload as the
  /// interceptors of the node it was reached from left it, so a rewrite on one branch is not
  /// seen on another (rule 17).
  @inlinable
  func bubbleAlongBranches<P>(
    keyID: Int, refs: UnsafeMutableBufferPointer<Unmanaged<NodeCore>>,
    reachedFrom: ContiguousArray<Int>, ctx: inout EventContext, payload: P,
    recorder: DispatchRecorder?
  ) {
    let bit = keyBit(keyID)
    var leaving = ContiguousArray<P>()
    leaving.reserveCapacity(refs.count)
    leaving.append(payload)
    var index = 1
    while index < refs.count, !ctx.stopRequested {
      var payload = leaving[reachedFrom[index]]
      withUnretained(refs[index]) { core in
        if core.keyMask & bit != 0 {
          core.visitBubble(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
        }
      }
      leaving.append(payload)
      index += 1
    }
  }

  /// Ends a dispatch: restores the current dispatch id, collects the refusals of nested
  /// operations into the outcome, leaves the guard, emits the trace.
  @inlinable
  func finish(
    ctx: inout EventContext, parentID: UInt64, mark: Int, recorder: DispatchRecorder?
  ) -> Outcome {
    DispatchIDs.current = parentID
    if ReentryGuard.refusalCount > mark {
      collectRefusals(since: mark, into: &ctx)
    }
    let outcome = ctx.outcome
    ReentryGuard.leave()
    if let recorder { recorder.emit(outcome) }
    return outcome
  }

  @usableFromInline
  func collectRefusals(since mark: Int, into ctx: inout EventContext) {
    for error in ReentryGuard.refusals(since: mark) { ctx.errors.append(error) }
  }

  /// The outcome of an event or request the guard refused; the first refusal of a runaway is
  /// traced.
  @usableFromInline
  func refused<P>(
    _ refusal: ReentryGuard.Refusal, kind: DispatchRecord.Kind, key: String, payload: P
  ) -> Outcome {
    var outcome = Outcome()
    outcome.errors = [refusal.error]
    guard refusal.isFirst else { return outcome }
    let tracers = tracersOnPath
    if !tracers.isEmpty {
      let recorder = DispatchRecorder(
        id: DispatchIDs.next(), parent: DispatchIDs.current, kind: kind, key: key,
        payload: payload, path: path)
      Trace.emit(.dispatch(recorder.finish(outcome)), to: tracers)
    }
    return outcome
  }
}
