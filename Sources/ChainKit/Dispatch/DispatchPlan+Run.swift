/// A dispatch along its plan: one loop over the listeners.
///
/// NB: neither inlinable nor specialised for the payload's type. Nothing in the loop depends on
/// that type but the listener call, and the listener closures take the payload at maximum
/// abstraction, by reference: a loop specialised for a type copies the payload into a temporary
/// for each call, where this one passes on the reference it was given. The loop reads each
/// registration unretained (the plan is current, so its node's list holds it) and calls its body
/// through a guaranteed reference: a listener call costs no reference counting.
extension DispatchPlan {
  /// Posts an event along this plan, from the first step until the context is stopped, and goes
  /// on over the hits if a registration changes meanwhile.
  ///
  /// - Parameters:
  ///   - target: The node the event was posted to: the plan's path is its cached path.
  ///   - path: That path, as the post found it current.
  ///   - keyID: The event's key.
  ///   - bubbles: Whether the key bubbles.
  ///   - payload: The payload as posted.
  /// - Returns: What happened to the event.
  @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
  func dispatch<P>(
    from target: NodeCore, path: Unretained<PathCache>, keyID: Int, bubbles: Bool, payload: P
  ) -> Outcome {
    let runtime = target.runtime
    let opening = runtime.beginDispatch()
    var ctx = EventContext(keyID: keyID, phase: firstPhase, dispatchID: opening.id, target: target)
    if let left = run(ctx: &ctx, payload: payload, bubbles: bubbles, runtime: runtime) {
      var walk = HitWalk(afreshAlong: path.reference, runtime: runtime, keyID: keyID)
      target.resume(
        at: left, of: Unretained(self), walk: &walk, ctx: &ctx, payload: payload, bubbles: bubbles
      )
    }
    return target.finish(ctx: &ctx, runtime: runtime, opening: opening, probe: nil)
  }

  /// Runs the plan's steps in order (the bubble steps only if `bubbles`) until the context is
  /// stopped, or until a registration changes.
  ///
  /// On arrival at each pass, as the walk over the hits does at each node, a registration made
  /// or cancelled since the dispatch began (the runtime's ``ChainRuntime/registrationChanges``
  /// moved) means the pass may no longer be the node's snapshot: the dispatch must go on over the
  /// hits. A stop ends the dispatch once its pass is over; an immediate stop at once.
  ///
  /// - Returns: `nil` if the dispatch is over; otherwise the index of the step whose pass was to
  ///   run next (the count of steps run, if the change came during the last pass): the dispatch
  ///   goes on over the hits after the pass before it.
  @inline(__always)
  func run<P>(
    ctx: inout EventContext, payload: P, bubbles: Bool, runtime: ChainRuntime
  ) -> Int? {
    let steps = self.steps
    guard stepCount > 0 else { return nil }
    let changes = runtime.registrationChanges
    // NB: the listeners called are counted from the index where the loop leaves, and one that
    // may not run takes itself off the count (see `call`): a step costs no increment.
    var index = 0
    // NB: no test of the index against a count: the plan's end step ends the loop, and a key that
    // does not bubble stops at the first bubble step, whose phase bit is set.
    while true {
      let step = steps[index]
      // A listener is asked whether it may run if it is once or bound to a target, or if a
      // registration changed during its pass: it may have been cancelled meanwhile. Every
      // cancellation moves the runtime's count, so an unchanged count vouches for the others.
      // NB: the commonest step along a chain, an ordinary listener first in its pass in the
      // phase of the pass before, is told apart by one comparison and only names its node.
      var checks = false
      if step.work == Step.passBit {
        if runtime.registrationChanges != changes { return counted(index, ctx: &ctx) }
        ctx.currentReference = step.node
      } else if step.work & Step.passBit != 0 {
        if !bubbles, index == bubbleStart { break }
        if runtime.registrationChanges != changes { return counted(index, ctx: &ctx) }
        ctx.currentPhase = step.phase
        ctx.currentReference = step.node
        checks = step.work & Step.checkBit != 0
      } else {
        if step.work & Step.endBit != 0 { break }
        checks = step.work != 0 || runtime.registrationChanges != changes
      }
      // NB: wrapping: the end step bounds the index, and a checked add tests for overflow.
      index &+= 1
      call(step, checks: checks, ctx: &ctx, payload: payload)
      // NB: an immediate stop is a stop too: one test after each call for both.
      if ctx.stopRequested {
        ctx.listenersRun &+= index
        finishPass(from: index, bubbles: bubbles, ctx: &ctx, payload: payload)
        return nil
      }
    }
    ctx.listenersRun &+= index
    // A listener of the last pass may have registered the key at a node after it.
    guard runtime.registrationChanges != changes else { return nil }
    return index
  }

  /// Counts the first `steps` listeners of the plan, which the loop called, in the context's
  /// `listenersRun`, and returns `steps`.
  @inline(__always)
  func counted(_ steps: Int, ctx: inout EventContext) -> Int {
    ctx.listenersRun &+= steps
    return steps
  }

  /// Runs the rest of a pass in which a listener stopped propagation, from `step`, unless the
  /// stop was immediate.
  ///
  /// NB: out of line, so that the loop keeps nothing for a stop.
  @inline(never)
  func finishPass<P>(from step: Int, bubbles: Bool, ctx: inout EventContext, payload: P) {
    let count = bubbles ? stepCount : bubbleStart
    var index = step
    while !ctx.immediateStopRequested, index < count, !steps[index].startsPass {
      ctx.listenersRun &+= 1
      call(steps[index], checks: true, ctx: &ctx, payload: payload)
      index += 1
    }
  }

  /// Calls the listener of `step`; if `checks`, only if it was not cancelled since the pass
  /// began and may run now (see `mayRunNow`).
  @inline(__always)
  func call<P>(_ step: Step, checks: Bool, ctx: inout EventContext, payload: P) {
    step.registration.checkInvariants()
    // NB: the box lent, not cast into a value of its own: owned, its body's context was
    // retained and released around each call.
    withUnretained(step.registration.reference, as: ListenerBox<P>.self) { box in
      if checks {
        guard !box.isRemoved, box.mayRunNow() else {
          ctx.listenersRun &-= 1
          return
        }
      }
      do {
        try box.body(&ctx, payload)
      } catch {
        ctx.currentCore.record(error, in: &ctx)
      }
    }
  }

  /// Where the walk over the hits takes over from a plan that ran up to `step` (as ``run``
  /// returned it): after the pass of the step before it.
  ///
  /// - Returns: The path index the capture walk starts below (0: no capture walk), whether the
  ///   target's visit is still to come, and the path index the bubble walk starts from.
  @inlinable
  func resumption(at step: Int, pathLength: Int) -> (
    captureBelow: Int, visitsTarget: Bool, bubbleFrom: Int
  ) {
    guard step > 0 else { return HitWalk.resumption(after: nil, at: 0, pathLength: pathLength) }
    let last = steps[step - 1]
    return HitWalk.resumption(after: last.phase, at: Int(last.pathIndex), pathLength: pathLength)
  }
}
