/// What one node does when an event reaches it in one phase.
extension NodeCore {
  /// Runs this node's interceptors for `keyID` on `payload`, in registration order.
  @inline(__always)
  func runInterceptors<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    let count = interceptors.count
    var index = 0
    while index < count {
      let registration = interceptors[index]
      index += 1
      guard registration.keyID == keyID, !registration.isRemoved else { continue }
      let box = unsafeDowncast(registration, to: InterceptorBox<P>.self)
      let before = recorder.map { _ in String(describing: payload) }
      do {
        try box.body(&ctx, &payload)
      } catch {
        ctx.errors.append(
          ListenerError(node: name, key: ctx.key, phase: ctx.phase, underlying: error))
      }
      if let recorder, let before {
        recorder.intercepted(before: before, after: String(describing: payload))
      }
      if ctx.immediateStopRequested { return }
    }
  }

  /// Runs this node's listeners for `keyID` registered for `capture`, as snapshotted on arrival:
  /// listeners added meanwhile are past `count`; removed ones are skipped by their flag.
  @inline(__always)
  func runListeners<P>(keyID: Int, capture: Bool, ctx: inout EventContext, payload: P) {
    let count = listeners.count
    var index = 0
    while index < count {
      let registration = listeners[index]
      index += 1
      guard registration.keyID == keyID, registration.capture == capture, !registration.isRemoved
      else { continue }
      if registration.isTargetBound, registration.target == nil {
        registration.markRemoved()
        scheduleCompaction()
        continue
      }
      if registration.once {
        // Removed before it is called, so a nested post cannot run it a second time.
        registration.markRemoved()
        scheduleCompaction()
      }
      ctx.listenersRun += 1
      let box = unsafeDowncast(registration, to: ListenerBox<P>.self)
      do {
        try box.body(&ctx, payload)
      } catch {
        ctx.errors.append(
          ListenerError(node: name, key: ctx.key, phase: ctx.phase, underlying: error))
      }
      if ctx.immediateStopRequested { return }
    }
  }

  /// The target: interceptors, then capture listeners, then the others (as the DOM does), all
  /// recorded as one hop.
  @inline(__always)
  func visitTarget<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    ctx.phase = .target
    ctx.currentCore = self
    recorder?.beginHop(node: name, phase: .target, ctx: ctx)
    runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    if !ctx.immediateStopRequested {
      runListeners(keyID: keyID, capture: true, ctx: &ctx, payload: payload)
    }
    // NB: the DOM checks the stop flag between the two invocations at the target, so a
    // capture listener that stops keeps the target's other listeners from running.
    if !ctx.stopRequested {
      runListeners(keyID: keyID, capture: false, ctx: &ctx, payload: payload)
    }
    recorder?.endHop(ctx: ctx)
  }

  /// One node, one phase: interceptors first (except in capture), then listeners; recorded when
  /// a tracer is installed.
  @inline(__always)
  func visit<P>(
    keyID: Int, phase: Phase, capture: Bool, runsInterceptors: Bool,
    ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    ctx.phase = phase
    ctx.currentCore = self
    recorder?.beginHop(node: name, phase: phase, ctx: ctx)
    if runsInterceptors {
      runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    }
    if !ctx.immediateStopRequested {
      runListeners(keyID: keyID, capture: capture, ctx: &ctx, payload: payload)
    }
    recorder?.endHop(ctx: ctx)
  }
}
