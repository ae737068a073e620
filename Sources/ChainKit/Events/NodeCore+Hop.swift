/// What one node does when an event reaches it in one phase.
///
/// NB: these are `@inlinable` so that clients get dispatch specialised for their payload types.
/// The loops read registrations unretained from a snapshot of the node's list (see
/// ``RegistrationList``) and call each body through a guaranteed reference, so a listener call
/// costs no reference counting.
extension NodeCore {
  /// Runs this node's interceptors for `keyID` on `payload`, in registration order.
  @inlinable @inline(__always)
  func runInterceptors<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    guard let base = interceptors.base else { return }
    let count = interceptors.count
    let expected = Registration.dispatchWord(keyID: keyID, capture: false)
    var index = 0
    while index < count {
      let entry = base[index]
      index += 1
      let stop = withGuaranteed(entry) { registration in
        guard registration.dispatchWord == expected else { return false }
        let box = unsafeDowncast(registration, to: InterceptorBox<P>.self)
        var before: String?
        if recorder != nil { before = String(describing: payload) }
        do {
          try box.body(&ctx, &payload)
        } catch {
          record(error, in: &ctx)
        }
        if let recorder, let before {
          recorder.intercepted(before: before, after: String(describing: payload))
        }
        return ctx.immediateStopRequested
      }
      if stop { return }
    }
  }

  /// Runs this node's listeners for `keyID` registered for `capture`, as snapshotted on arrival:
  /// listeners added meanwhile are past `count`; removed ones are skipped by their flag.
  @inlinable @inline(__always)
  func runListeners<P>(keyID: Int, capture: Bool, ctx: inout EventContext, payload: P) {
    guard let base = listeners.base else { return }
    let count = listeners.count
    let expected = Registration.dispatchWord(keyID: keyID, capture: capture)
    var index = 0
    while index < count {
      let entry = base[index]
      index += 1
      let stop = withGuaranteed(entry) { registration in
        let word = registration.dispatchWord
        if word != expected {
          // Another key or phase, removed, or once / target-bound: see `claim`.
          guard word == expected | 1, !registration.isRemoved, claim(registration) else {
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
  func claim(_ registration: Registration) -> Bool {
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

  /// The target: interceptors, then capture listeners, then the others (as the DOM does), all
  /// recorded as one hop.
  @inlinable @inline(__always)
  func visitTarget<P>(
    keyID: Int, ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    ctx.currentPhase = .target
    ctx.currentCore = self
    recorder?.beginHop(node: name, phase: .target, ctx: ctx)
    runInterceptors(keyID: keyID, ctx: &ctx, payload: &payload, recorder: recorder)
    if !ctx.immediateStopRequested, captureKeyMask & keyBit(keyID) != 0 {
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
  @inlinable @inline(__always)
  func visit<P>(
    keyID: Int, phase: Phase, capture: Bool, runsInterceptors: Bool,
    ctx: inout EventContext, payload: inout P, recorder: DispatchRecorder?
  ) {
    ctx.currentPhase = phase
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
