extension NodeCore {
  /// Walks the path in bubble order, offering the request to each responder until `accept`
  /// returns `false`.
  ///
  /// Responders follow the listeners' rules: each node's list is snapshotted on arrival, before
  /// its interceptors; `stopImmediatePropagation()` skips the node's remaining responders and
  /// ends the walk, `stopPropagation()` ends it after the node. On a path over several parents,
  /// each node sees the payload as the node it was reached from left it (rule 17).
  ///
  /// NB: `@inlinable` and unretained like ``dispatch(keyID:key:bubbles:payload:)``: the same
  /// walk, from the target up, with a visit that offers the request to responders.
  @inlinable
  func walkRequest<P, R>(
    keyID: Int, key: String, payload: P, accept: (R) -> Bool
  ) -> Outcome {
    let runtime = self.runtime
    if let refusal = runtime.admit(key) {
      return refused(refusal, kind: .request, key: key, payload: payload)
    }
    refreshPathIfStale()
    var walk = HitWalk(along: self, runtime: runtime, keyID: keyID)
    let opening = runtime.beginDispatch()

    var ctx = EventContext(keyID: keyID, phase: .target, dispatchID: opening.id, target: self)
    let probe =
      walk.cache.isProbed
      ? walk.cache.makeProbe(
        .request, id: opening.id, parent: opening.parentID, key: key, box: PayloadBox(payload),
        bubbles: true)
      : nil
    var current = payload
    walkUp(from: 0, walk: &walk, ctx: &ctx, payload: &current) {
      registrations, index, ctx, payload in
      registrations.visitRequest(
        isTarget: index == 0, ctx: &ctx, payload: &payload, probe: probe, accept: accept)
    }
    return finish(ctx: &ctx, runtime: runtime, opening: opening, probe: probe)
  }
}

extension KeyedRegistrations {
  /// One node of a request's walk: interceptors, then responders as snapshotted on arrival;
  /// returns `false` once `accept` says stop.
  @inlinable @inline(__always)
  func visitRequest<P, R>(
    isTarget: Bool, ctx: inout EventContext, payload: inout P, probe: DispatchProbe?,
    accept: (R) -> Bool
  ) -> Bool {
    ctx.currentPhase = isTarget ? .target : .bubble
    ctx.currentReference = coreReference
    probe?.beginHop(phase: ctx.phase, ctx: ctx)
    defer { probe?.endHop(ctx: ctx) }
    let arrived = responders.count
    runInterceptors(ctx: &ctx, payload: &payload, probe: probe)
    guard let base = responders.base else { return true }
    var index = 0
    while index < arrived, !ctx.immediateStopRequested {
      let slot = base[index]
      index += 1
      guard let entry = slot else {
        probe?.noteListener(slot: index - 1, capture: false, .removed)
        continue
      }
      let answer: R? = withUnretained(entry) { registration in
        guard !registration.isRemoved, !registration.isTargetBound || mayRun(registration) else {
          probe?.noteListener(slot: index - 1, capture: false, .removed)
          return nil
        }
        ctx.listenersRun += 1
        let box = uncheckedCast(registration, to: ResponderBox<P, R>.self)
        // The probe is read through `?` rather than bound, as in `runListeners`.
        guard probe != nil else { return ask(box, ctx: &ctx, payload: payload) }
        let errors = ctx.errorCount
        let stops = ctx.stopCount
        let answer = ask(box, ctx: &ctx, payload: payload)
        if ctx.errorCount > errors {
          probe?.noteListener(slot: index - 1, capture: false, .threw)
          return nil
        }
        probe?.noteRan(slot: index - 1, capture: false, errors: errors, stops: stops, ctx: ctx)
        if answer == nil { probe?.noteListener(slot: index - 1, capture: false, .declined) }
        return answer
      }
      guard let response = answer else { continue }
      let goesOn = accept(response)
      probe?.answered(by: core.name, walkEnds: !goesOn)
      if !goesOn {
        probe?.noteListener(slot: index - 1, capture: false, .answered)
        probe.map { noteSkippedResponders(from: index, to: arrived, .skippedAfterAnswer, $0) }
        return false
      }
      probe?.noteListener(slot: index - 1, capture: false, .answered)
    }
    if ctx.immediateStopRequested {
      probe.map { noteSkippedResponders(from: index, to: arrived, .skippedAfterStop, $0) }
    }
    return true
  }

  /// Asks one responder, recording what it throws (and answering `nil` then).
  @inlinable @inline(__always)
  func ask<P, R>(
    _ box: ResponderBox<P, R>, ctx: inout EventContext, payload: borrowing P
  ) -> R? {
    do {
      return try box.body(&ctx, payload)
    } catch {
      core.record(error, in: &ctx)
      return nil
    }
  }

  /// Notes the responders among `start..<end` as skipped, for `outcome`'s reason.
  @usableFromInline
  func noteSkippedResponders(
    from start: Int, to end: Int, _ outcome: ListenerOutcome, _ probe: DispatchProbe
  ) {
    guard let base = responders.base, start < end else { return }
    for index in start..<end where base[index] != nil {
      probe.noteListener(slot: index, capture: false, outcome)
    }
  }
}
