/// What one node does when an event reaches it in one phase: a visit.
///
/// On arrival the node's listener list for the key is snapshotted (its count: lists only grow
/// during a dispatch, removals vacate a slot in place), before its interceptors run, so a
/// listener an interceptor adds runs from the next event (rule 10). Interceptors run first on
/// the upward walk (target and bubble), then the listeners of the phase.
///
/// NB: these are `@inlinable` so that clients get dispatch specialised for their payload types.
/// The loops read registrations unretained from the node's list and call each body through a
/// guaranteed reference, so a listener call costs no reference counting.
extension KeyedRegistrations {
  /// Runs the interceptors on `payload`, in registration order.
  @inlinable @inline(__always)
  func runInterceptors<P>(
    ctx: inout EventContext, payload: inout P, probe: DispatchProbe?
  ) {
    guard let base = interceptors.base else { return }
    let count = interceptors.count
    let expected = Registration.matchWord(keyID: keyID, capture: false)
    var index = 0
    while index < count {
      let slot = base[index]
      index += 1
      guard let entry = slot else { continue }
      let stop = withUnretained(entry) { registration in
        let word = registration.matchWord
        if word != expected {
          // Removed, or target-bound: see `mayRun`.
          guard word == expected | 1, !registration.isRemoved, mayRun(registration) else {
            return false
          }
        }
        let box = uncheckedCast(registration, to: InterceptorBox<P>.self)
        // Traced: the payload is kept as it was and as it is now, described only when read.
        var before: P?
        if probe != nil { before = payload }
        do {
          try box.body(&ctx, &payload)
        } catch {
          core.record(error, in: &ctx)
        }
        if let probe, let before { probe.intercepted(before: before, after: payload) }
        return ctx.immediateStopRequested
      }
      if stop { return }
    }
  }

  /// Runs the listeners registered for `capture` among entries `start..<end`.
  ///
  /// Vacated and removed ones are skipped; a probe notes what became of each one.
  @inlinable @inline(__always)
  func runListeners<P>(
    capture: Bool, from start: Int, to end: Int, ctx: inout EventContext, payload: P,
    probe: DispatchProbe?
  ) {
    guard let base = listeners.base else { return }
    let expected = Registration.matchWord(keyID: keyID, capture: capture)
    var index = start
    while index < end {
      let slot = base[index]
      index += 1
      guard let entry = slot else {
        probe?.noteListener(slot: index - 1, capture: capture, .removed)
        continue
      }
      let stop = withUnretained(entry) { registration in
        let word = registration.matchWord
        if word != expected {
          // Another phase, removed, or once / target-bound: see `mayRun`.
          guard word == expected | 1, !registration.isRemoved, mayRun(registration) else {
            if let probe { note(registration, slot: index - 1, capture: capture, probe) }
            return false
          }
        }
        ctx.listenersRun &+= 1
        let box = uncheckedCast(registration, to: ListenerBox<P>.self)
        // The probe is read through `?` rather than bound: a binding is a copy, retained around
        // the listener's call in a traced dispatch (`bubble8.traced`, see BENCHMARKS.md).
        guard probe != nil else {
          call(box, ctx: &ctx, payload: payload)
          return ctx.immediateStopRequested
        }
        let errors = ctx.errorCount
        let stops = ctx.stopCount
        call(box, ctx: &ctx, payload: payload)
        probe?.noteRan(slot: index - 1, capture: capture, errors: errors, stops: stops, ctx: ctx)
        return ctx.immediateStopRequested
      }
      if stop {
        probe.map { noteSkipped(from: index, to: end, capture: capture, $0) }
        return
      }
    }
  }

  /// Calls one listener, recording what it throws.
  @inlinable @inline(__always)
  func call<P>(_ box: ListenerBox<P>, ctx: inout EventContext, payload: borrowing P) {
    do {
      try box.body(&ctx, payload)
    } catch {
      core.record(error, in: &ctx)
    }
  }

  /// Notes why a listener the loop did not run was skipped: the other phase, or removed.
  @usableFromInline
  func note(_ registration: Registration, slot: Int, capture: Bool, _ probe: DispatchProbe) {
    if registration.isRemoved {
      probe.noteListener(slot: slot, capture: registration.capture, .removed)
    } else if registration.capture != capture {
      probe.noteListener(slot: slot, capture: registration.capture, .otherPhase)
    }
  }

  /// Notes the listeners of this phase among `start..<end` as skipped after a stop.
  @usableFromInline
  func noteSkipped(from start: Int, to end: Int, capture: Bool, _ probe: DispatchProbe) {
    guard let base = listeners.base, start < end else { return }
    for index in start..<end {
      guard let entry = base[index] else { continue }
      withUnretained(entry) { registration in
        guard registration.capture == capture else { return }
        probe.noteListener(
          slot: index, capture: capture, registration.isRemoved ? .removed : .skippedAfterStop)
      }
    }
  }

  /// Whether a target-bound or once registration may run now: not if its target is gone (it is
  /// removed instead); a once registration is removed before it is called, so a nested post cannot
  /// run it a second time.
  ///
  /// Its release waits until the dispatch is over.
  @usableFromInline
  func mayRun(_ registration: Registration) -> Bool { registration.mayRunNow() }

  /// The target: interceptors, then capture listeners, then the others, recorded as one visit.
  ///
  /// As in the DOM, the capture listeners and the others are two passes: a stop from a capture
  /// listener ends the event before the second, and a listener added during the first runs in
  /// the second. A stop from an interceptor lets both run; a listener an interceptor adds runs
  /// in neither.
  @inlinable @inline(__always)
  func visitTarget<P>(ctx: inout EventContext, payload: inout P, probe: DispatchProbe?) {
    guard probe == nil, interceptors.base == nil, !hasCapture else {
      visitTargetInFull(ctx: &ctx, payload: &payload, probe: probe)
      return
    }
    // Nothing runs before the listeners: one pass over them as they are now.
    ctx.currentPhase = .target
    ctx.currentReference = coreReference
    runListeners(
      capture: false, from: 0, to: listeners.count, ctx: &ctx, payload: payload, probe: nil)
  }

  /// ``visitTarget(ctx:payload:probe:)`` with interceptors, capture listeners or a probe.
  ///
  /// NB: not inlined, so that the common visit stays small enough to inline into dispatch.
  @inlinable @inline(never)
  func visitTargetInFull<P>(
    ctx: inout EventContext, payload: inout P, probe: DispatchProbe?
  ) {
    ctx.currentPhase = .target
    ctx.currentReference = coreReference
    probe?.beginHop(phase: .target, ctx: ctx)
    let arrived = listeners.count
    runInterceptors(ctx: &ctx, payload: &payload, probe: probe)
    let intercepted = listeners.count
    let stopsBefore = ctx.stopCount
    if !ctx.immediateStopRequested, hasCapture {
      runListeners(
        capture: true, from: 0, to: arrived, ctx: &ctx, payload: payload, probe: probe)
    }
    if !ctx.immediateStopRequested, ctx.stopCount == stopsBefore {
      let captured = listeners.count
      runListeners(
        capture: false, from: 0, to: arrived, ctx: &ctx, payload: payload, probe: probe)
      if captured > intercepted, !ctx.immediateStopRequested {
        runListeners(
          capture: false, from: intercepted, to: captured, ctx: &ctx, payload: payload,
          probe: probe)
      }
    } else if let probe {
      // A stop before the second pass: the target's other listeners did not get their turn.
      noteSkipped(from: 0, to: arrived, capture: false, probe)
    }
    probe?.endHop(ctx: ctx)
  }

  /// An ancestor on the way up: interceptors, then bubble listeners.
  @inlinable @inline(__always)
  func visitBubble<P>(ctx: inout EventContext, payload: inout P, probe: DispatchProbe?) {
    guard probe == nil, interceptors.base == nil else {
      visitBubbleInFull(ctx: &ctx, payload: &payload, probe: probe)
      return
    }
    ctx.currentPhase = .bubble
    ctx.currentReference = coreReference
    runListeners(
      capture: false, from: 0, to: listeners.count, ctx: &ctx, payload: payload, probe: nil)
  }

  /// ``visitBubble(ctx:payload:probe:)`` with interceptors or a probe.
  @inlinable @inline(never)
  func visitBubbleInFull<P>(
    ctx: inout EventContext, payload: inout P, probe: DispatchProbe?
  ) {
    ctx.currentPhase = .bubble
    ctx.currentReference = coreReference
    probe?.beginHop(phase: .bubble, ctx: ctx)
    let arrived = listeners.count
    runInterceptors(ctx: &ctx, payload: &payload, probe: probe)
    if !ctx.immediateStopRequested {
      runListeners(
        capture: false, from: 0, to: arrived, ctx: &ctx, payload: payload, probe: probe)
    } else if let probe {
      noteSkipped(from: 0, to: arrived, capture: false, probe)
    }
    probe?.endHop(ctx: ctx)
  }

  /// An ancestor on the way down: capture listeners only.
  @inlinable @inline(__always)
  func visitCapture<P>(ctx: inout EventContext, payload: P, probe: DispatchProbe?) {
    ctx.currentPhase = .capture
    ctx.currentReference = coreReference
    probe?.beginHop(phase: .capture, ctx: ctx)
    runListeners(
      capture: true, from: 0, to: listeners.count, ctx: &ctx, payload: payload,
      probe: probe)
    probe?.endHop(ctx: ctx)
  }
}
