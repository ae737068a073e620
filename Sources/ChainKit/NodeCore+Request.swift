extension NodeCore {
  /// Walks the path in bubble order, offering the request to each responder until `accept`
  /// returns `false`.
  func walkRequest<P, R>(
    keyID: Int, key: String, payload: P, accept: (R) -> Bool
  ) {
    if DispatchState.depth > 0, refuseNested(key: key, payload: payload) != nil { return }
    let (path, tracers) = pathAndTracers
    let id = DispatchState.nextID()
    let parentID = DispatchState.currentID
    let nestingMark = DispatchState.nestingErrors.count
    DispatchState.currentID = id
    DispatchState.depth += 1

    var ctx = EventContext(key: key, phase: .target, dispatchID: id, target: self)
    var payload = payload
    let recorder =
      tracers.isEmpty
      ? nil
      : DispatchRecorder(
        id: id, parent: parentID, kind: .request, key: key, payload: payload, path: path)
    let bit = keyBit(keyID)
    var walking = true
    var index = 0
    while walking, index < path.count, !ctx.stopRequested {
      let core = path[index]
      index += 1
      guard core.keyMask & bit != 0 else { continue }
      ctx.phase = core === self ? .target : .bubble
      ctx.currentCore = core
      recorder?.beginHop(node: core.name, phase: ctx.phase, ctx: ctx)
      core.runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
      walking = core.offer(
        keyID: keyID, ctx: &ctx, payload: payload, recorder: recorder, accept: accept)
      recorder?.endHop(ctx: ctx)
    }
    _ = finish(
      ctx: &ctx, parentID: parentID, nestingMark: nestingMark, recorder: recorder, tracers: tracers)
  }

  /// Offers the request to this node's responders; returns `false` once `accept` says stop.
  private func offer<P, R>(
    keyID: Int, ctx: inout EventContext, payload: P, recorder: DispatchRecorder?,
    accept: (R) -> Bool
  ) -> Bool {
    let count = responders.count
    var index = 0
    while index < count {
      let registration = responders[index]
      index += 1
      guard registration.keyID == keyID, !registration.isRemoved else { continue }
      let box = unsafeDowncast(registration, to: ResponderBox<P, R>.self)
      ctx.listenersRun += 1
      let response: R?
      do {
        response = try box.body(&ctx, payload)
      } catch {
        ctx.errors.append(
          ListenerError(node: name, key: ctx.key, phase: ctx.phase, underlying: error))
        continue
      }
      guard let response else { continue }
      recorder?.answered(by: name)
      if !accept(response) { return false }
    }
    return true
  }
}
