// What a dispatch tells whoever hears it: the dispatch calls a probe at each hop it visits and
// when it returns; the trace recorder (a ``RecordingProbe``, with the ``DispatchRecording`` the
// path's first ``TraceHook`` makes) and the activity observers of the path's nodes
// (``ActivityProbe``) are the two kinds. A path with neither gets no probe, and its dispatches
// pay one nil check per hop.

/// Hears one event or request while it runs: the hops where it ran listeners, what became of
/// each listener, and its end.
///
/// The dispatch makes one probe per traced or observed dispatch (``PathCache/makeProbe(_:id:parent:key:box:bubbles:)``)
/// and calls it, in walk order, only at the nodes that have registrations for the key; a node
/// the walk only passed is inferred from the walk (``DispatchWalk``) when the dispatch finishes.
///
/// NB: a class, not a protocol: the walk threads an optional probe through every hop, and an
/// optional class reference is one word where an optional existential is two, which every
/// untraced post would carry through its walk too (`bubble8.chainkit`; see BENCHMARKS.md).
/// The methods here do nothing; each kind overrides what it hears.
@MainActor
@usableFromInline
package class DispatchProbe {
  @usableFromInline package init() {}

  /// The dispatch arrived at `ctx.currentCore` in `phase`, before its interceptors ran.
  @usableFromInline func beginHop(phase: Phase, ctx: borrowing EventContext) {}

  /// The dispatch arrived at `ctx.currentCore` in `phase` at walk `position`, known from its
  /// plan (``RecordingPlan``): as ``beginHop(phase:ctx:)``, which it calls unless overridden.
  @usableFromInline func beginPass(phase: Phase, position: Int, ctx: borrowing EventContext) {
    beginHop(phase: phase, ctx: ctx)
  }

  /// Interceptors at the current hop rewrote the payload from `before` to `after`.
  @usableFromInline func intercepted<P>(before: P, after: P) {}

  /// What became of the listener (or responder) in `slot` at the current hop.
  @usableFromInline
  func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {}

  /// The listener in `slot` ran; `errors` and `stops` are the context's counts before it ran.
  @usableFromInline
  func noteRan(slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext) {}

  /// A responder at the current hop answered; `walkEnds` when its answer ended the walk.
  @usableFromInline func answered(by node: String, walkEnds: Bool) {}

  /// The dispatch left the current hop.
  @usableFromInline func endHop(ctx: borrowing EventContext) {}

  /// The dispatch returned with `outcome`: the probe hands on what it heard, and is not called
  /// again.
  @usableFromInline func dispatchFinished(_ outcome: Outcome) {}

  /// As ``dispatchFinished(_:)``, told the dispatch's runtime, which the caller holds: what a
  /// traced post calls, so that the recorder need not read it from the path.
  @usableFromInline func dispatchFinished(_ outcome: Outcome, in runtime: ChainRuntime) {
    dispatchFinished(outcome)
  }
}

/// The probe of a path with both tracers and activity observers: each hears every call.
@MainActor
final class ProbePair: DispatchProbe {
  let recorder: RecordingProbe
  let activity: ActivityProbe

  init(recorder: RecordingProbe, activity: ActivityProbe) {
    self.recorder = recorder
    self.activity = activity
    super.init()
  }

  override func beginHop(phase: Phase, ctx: borrowing EventContext) {
    recorder.beginHop(phase: phase, ctx: ctx)
    activity.beginHop(phase: phase, ctx: ctx)
  }

  override func beginPass(phase: Phase, position: Int, ctx: borrowing EventContext) {
    recorder.beginPass(phase: phase, position: position, ctx: ctx)
    activity.beginHop(phase: phase, ctx: ctx)
  }

  override func intercepted<P>(before: P, after: P) {
    recorder.intercepted(before: before, after: after)
    activity.intercepted(before: before, after: after)
  }

  override func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {
    recorder.noteListener(slot: slot, capture: capture, outcome)
    activity.noteListener(slot: slot, capture: capture, outcome)
  }

  override func noteRan(
    slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext
  ) {
    recorder.noteRan(slot: slot, capture: capture, errors: errors, stops: stops, ctx: ctx)
  }

  override func answered(by node: String, walkEnds: Bool) {
    recorder.answered(by: node, walkEnds: walkEnds)
    activity.answered(by: node, walkEnds: walkEnds)
  }

  override func endHop(ctx: borrowing EventContext) {
    recorder.endHop(ctx: ctx)
    activity.endHop(ctx: ctx)
  }

  /// Observers first, as with an activity probe alone: a tracer that reacts to a record (the
  /// explorer notes a refused nested dispatch at its target) then finds the nodes' own lines of
  /// the dispatch already there.
  override func dispatchFinished(_ outcome: Outcome) {
    let heard = ActivityBatch(activities: activity.take(), runtime: activity.runtime)
    recorder.finish(outcome, deliveringFirst: heard, in: activity.runtime)
  }
}
