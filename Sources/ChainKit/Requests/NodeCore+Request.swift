extension NodeCore {
  /// Walks the path in bubble order, offering the request to each responder until `accept`
  /// returns `false`.
  ///
  /// NB: `@inlinable` and unretained like ``dispatch(keyID:key:bubbles:payload:)``.
  @inlinable
  func walkRequest<P, R>(
    keyID: Int, key: String, payload: P, accept: (R) -> Bool
  ) {
    if DispatchState.depth > 0, refuseNested(key: key, payload: payload) != nil { return }
    refreshPathIfStale()
    unowned(unsafe) let path = cachedPath
    let (id, parentID, nestingMark) = DispatchState.enter()

    var ctx = EventContext(key: key, phase: .target, dispatchID: id, target: self)
    var payload = payload
    let recorder =
      path.tracers.isEmpty
      ? nil
      : DispatchRecorder.make(
        .request, id: id, parent: parentID, key: key, payload: payload, path: path)
    let bit = keyBit(keyID)
    let refs = path.refs
    var walking = true
    var index = 0
    while walking, index < refs.count, !ctx.stopRequested {
      let entry = refs[index]
      index += 1
      withGuaranteed(entry) { core in
        guard core.keyMask & bit != 0 else { return }
        ctx.currentPhase = core === self ? .target : .bubble
        ctx.currentCore = core
        recorder?.beginHop(node: core.name, phase: ctx.phase, ctx: ctx)
        core.runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
        walking = core.offer(
          keyID: keyID, ctx: &ctx, payload: payload, recorder: recorder, accept: accept)
        recorder?.endHop(ctx: ctx)
      }
    }
    _ = finish(ctx: &ctx, parentID: parentID, nestingMark: nestingMark, recorder: recorder)
  }

  /// Offers the request to this node's responders; returns `false` once `accept` says stop.
  @inlinable @inline(__always)
  func offer<P, R>(
    keyID: Int, ctx: inout EventContext, payload: P, recorder: DispatchRecorder?,
    accept: (R) -> Bool
  ) -> Bool {
    guard let base = responders.base else { return true }
    let count = responders.count
    var index = 0
    while index < count {
      let entry = base[index]
      index += 1
      let answer: R? = withGuaranteed(entry) { registration in
        guard registration.keyID == keyID, !registration.isRemoved else { return nil }
        let box = unsafeDowncast(registration, to: ResponderBox<P, R>.self)
        ctx.listenersRun += 1
        do {
          return try box.body(&ctx, payload)
        } catch {
          record(error, in: &ctx)
          return nil
        }
      }
      guard let response = answer else { continue }
      recorder?.answered(by: name)
      if !accept(response) { return false }
    }
    return true
  }
}
