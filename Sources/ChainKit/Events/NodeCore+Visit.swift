/// What one node does when an event reaches it in one phase: a visit.
///
/// On arrival the node's listener list is snapshotted (its count: lists only grow during a
/// dispatch, removals are flags), before its interceptors run, so a listener an interceptor adds
/// runs from the next event (rule 10). Interceptors run first on the upward walk (target and
/// bubble), then the listeners of the phase.
///
/// NB: these are `@inlinable` so that clients get dispatch specialised for their payload types.
/// The loops read registrations unretained from the node's list and call each body through a
/// guaranteed reference, so a listener call costs no reference counting.
extension NodeCore {
  /// Runs this node's interceptors for `keyID` on `payload`, in registration order.
  @inlinable @inline(__always)
  func runInterceptors<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    guard let base = interceptors.base else { return }
    let count = interceptors.count
    let expected = Registration.matchWord(keyID: keyID, capture: false)
    var index = 0
    while index < count {
      let entry = base[index]
      index += 1
      let stop = withUnretained(entry) { registration in
        guard registration.matchWord == expected else { return false }
        let box = unsafeDowncast(registration, to: InterceptorBox<P>.self)
        // Traced: the payload is kept as it was and as it is now, described only when read.
        var before: P?
        if recorder != nil { before = payload }
        do {
          try box.body(&ctx, &payload)
        } catch {
          record(error, in: &ctx)
        }
        if let recorder, let before { recorder.intercepted(before: before, after: payload) }
        return ctx.immediateStopRequested
      }
      if stop { return }
    }
  }

  /// Runs the listeners for `keyID` registered for `capture` among entries `start..<end` of this
  /// node's list; removed ones are skipped by their flag.
  @inlinable @inline(__always)
  func runListeners<P>(
    keyID: Int, capture: Bool, from start: Int, to end: Int, ctx: inout EventContext, payload: P
  ) {
    guard let base = listeners.base else { return }
    let expected = Registration.matchWord(keyID: keyID, capture: capture)
    var index = start
    while index < end {
      let entry = base[index]
      index += 1
      let stop = withUnretained(entry) { registration in
        let word = registration.matchWord
        if word != expected {
          // Another key or phase, removed, or once / target-bound: see `mayRun`.
          guard word == expected | 1, !registration.isRemoved, mayRun(registration) else {
            return false
          }
        }
        ctx.listenersRun += 1
        let box = unsafeDowncast(registration, to: ListenerBox<P>.self)
        do {
          try box.body(&ctx, payload)
        } catch {
          record(error, in: &ctx)
        }
        return ctx.immediateStopRequested
      }
      if stop { return }
    }
  }

  /// Whether a target-bound or once registration may run now: not if its target is gone (it
  /// is removed instead); a once registration is removed before it is called, so a nested post
  /// cannot run it a second time.
  @usableFromInline
  func mayRun(_ registration: Registration) -> Bool {
    if registration.isTargetBound, registration.target == nil {
      registration.markRemoved()
      scheduleCompaction()
      return false
    }
    if registration.once {
      registration.markRemoved()
      scheduleCompaction()
    }
    return true
  }

  /// The target: interceptors, then capture listeners, then the others, recorded as one visit.
  ///
  /// As in the DOM, the capture listeners and the others are two passes: a stop from a capture
  /// listener ends the event before the second, and a listener added during the first runs in
  /// the second. A stop from an interceptor lets both run; a listener an interceptor adds runs
  /// in neither.
  @inlinable @inline(__always)
  func visitTarget<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    ctx.currentPhase = .target
    ctx.currentCore = self
    recorder?.beginHop(node: name, phase: .target, ctx: ctx)
    let arrived = listeners.count
    runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    let intercepted = listeners.count
    let stopsBefore = ctx.stopCount
    if !ctx.immediateStopRequested, captureKeyMask & keyBit(keyID) != 0 {
      runListeners(
        keyID: keyID, capture: true, from: 0, to: arrived, ctx: &ctx, payload: payload)
    }
    if !ctx.immediateStopRequested, ctx.stopCount == stopsBefore {
      let captured = listeners.count
      runListeners(
        keyID: keyID, capture: false, from: 0, to: arrived, ctx: &ctx, payload: payload)
      if captured > intercepted, !ctx.immediateStopRequested {
        runListeners(
          keyID: keyID, capture: false, from: intercepted, to: captured, ctx: &ctx,
          payload: payload)
      }
    }
    recorder?.endHop(ctx: ctx)
  }

  /// An ancestor on the way up: interceptors, then bubble listeners.
  @inlinable @inline(__always)
  func visitBubble<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    ctx.currentPhase = .bubble
    ctx.currentCore = self
    recorder?.beginHop(node: name, phase: .bubble, ctx: ctx)
    let arrived = listeners.count
    runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    if !ctx.immediateStopRequested {
      runListeners(
        keyID: keyID, capture: false, from: 0, to: arrived, ctx: &ctx, payload: payload)
    }
    recorder?.endHop(ctx: ctx)
  }

  /// An ancestor on the way down: capture listeners only.
  @inlinable @inline(__always)
  func visitCapture<P>(
    keyID: Int, ctx: inout EventContext, payload: P, recorder: DispatchRecorder?
  ) {
    ctx.currentPhase = .capture
    ctx.currentCore = self
    recorder?.beginHop(node: name, phase: .capture, ctx: ctx)
    runListeners(
      keyID: keyID, capture: true, from: 0, to: listeners.count, ctx: &ctx, payload: payload)
    recorder?.endHop(ctx: ctx)
  }
}
