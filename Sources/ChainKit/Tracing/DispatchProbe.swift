// What a dispatch tells whoever hears it: the dispatch calls a probe at each hop it visits and
// when it returns; the trace recorder (a ``RecordingProbe``, whose ``DispatchRecording`` the
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
    recorder.finish(outcome, deliveringFirst: heard)
  }
}

/// What became of one listener (or responder) of a node when a dispatch visited it.
///
/// The record types of ChainKitTracing spell it out; see `ListenerOutcome` there.
@usableFromInline
package enum ListenerOutcome: Sendable {
  case ran, stopped, stoppedImmediately, threw, answered, declined, otherPhase, removed
  case skippedAfterStop, skippedAfterAnswer
}

/// Builds the record of one traced dispatch: what a ``TraceHook`` makes for each dispatch along
/// a path it is on, and a ``RecordingProbe`` tells.
///
/// The calls are ``DispatchProbe``'s; see there.
@MainActor
@usableFromInline
package protocol DispatchRecording: AnyObject {
  func beginHop(phase: Phase, ctx: borrowing EventContext)
  func intercepted<P>(before: P, after: P)
  func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome)
  func noteRan(slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext)
  func answered(by node: String, walkEnds: Bool)
  func endHop(ctx: borrowing EventContext)
  /// The dispatch returned with `outcome`: the recorder hands `activities` (if the path is
  /// observed too) to their observers (``ActivityBatch/deliver()``), then its record to the
  /// tracers, and is not called again.
  func finish(_ outcome: Outcome, deliveringFirst activities: ActivityBatch?)
}

/// The probe of a traced path: hands every call to the recorder its first hook made.
///
/// Each recorder has one probe for as long as it lives, and the runtime keeps the probes of free
/// recorders (``ChainRuntime/freeRecorders``), so a traced dispatch allocates no probe. The probe
/// holds its recorder; the recorder refers back to it unowned, so the two never keep each other
/// alive.
@MainActor
@usableFromInline
package final class RecordingProbe: DispatchProbe {
  package let recorder: any DispatchRecording
  /// The next free recorder's probe, while this one is on the runtime's free list.
  ///
  /// NB: unchecked: only the recorder taking or returning this probe touches the link, and
  /// nothing it calls can reach the free list meanwhile.
  @exclusivity(unchecked) package var nextFree: RecordingProbe?

  package init(_ recorder: any DispatchRecording) {
    self.recorder = recorder
    super.init()
  }

  /// Takes a free recorder's probe off `runtime`'s free list, if there is one.
  ///
  /// NB: the list is edited here, not by ChainKitTracing: a property's unchecked exclusivity
  /// holds only in the module that declares it, and elsewhere each access is checked at run time.
  package static func takeFree(from runtime: ChainRuntime) -> RecordingProbe? {
    guard let spare = runtime.freeRecorders else { return nil }
    runtime.freeRecorders = spare.nextFree
    spare.nextFree = nil
    return spare
  }

  /// Puts this probe, whose recorder has finished, on `runtime`'s free list.
  package func returnFree(to runtime: ChainRuntime) {
    nextFree = runtime.freeRecorders
    runtime.freeRecorders = self
  }

  override func beginHop(phase: Phase, ctx: borrowing EventContext) {
    recorder.beginHop(phase: phase, ctx: ctx)
  }

  override func intercepted<P>(before: P, after: P) {
    recorder.intercepted(before: before, after: after)
  }

  override func noteListener(slot: Int, capture: Bool, _ outcome: ListenerOutcome) {
    recorder.noteListener(slot: slot, capture: capture, outcome)
  }

  override func noteRan(
    slot: Int, capture: Bool, errors: Int, stops: Int, ctx: borrowing EventContext
  ) {
    recorder.noteRan(slot: slot, capture: capture, errors: errors, stops: stops, ctx: ctx)
  }

  override func answered(by node: String, walkEnds: Bool) {
    recorder.answered(by: node, walkEnds: walkEnds)
  }

  override func endHop(ctx: borrowing EventContext) {
    recorder.endHop(ctx: ctx)
  }

  override func dispatchFinished(_ outcome: Outcome) {
    finish(outcome, deliveringFirst: nil)
  }

  /// Ends the dispatch: its recorder hands on the activities, then the record.
  func finish(_ outcome: Outcome, deliveringFirst activities: ActivityBatch?) {
    recorder.finish(outcome, deliveringFirst: activities)
  }
}
