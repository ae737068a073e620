/// A dispatch along its plan: one loop over the listeners.
///
/// NB: `@inlinable`, so that clients get it specialised for their payload type. The loop reads
/// each registration unretained (the plan is current, so its node's list holds it) and calls its
/// body through a guaranteed reference: a listener call costs no reference counting.
extension DispatchPlan {
  /// Runs the plan's steps in order (the bubble steps only if `bubbles`) until the context is
  /// stopped, or until a registration changes.
  ///
  /// On arrival at each pass, as the walk over the hits does at each node, a stop ends the
  /// dispatch, and a registration made or cancelled since the dispatch began (the runtime's
  /// ``ChainRuntime/registrationChanges`` moved) means the pass may no longer be the node's
  /// snapshot: the dispatch must go on over the hits.
  ///
  /// - Returns: `nil` if the dispatch is over; otherwise the index of the step whose pass was to
  ///   run next (the count of steps run, if the change came during the last pass): the dispatch
  ///   goes on over the hits after the pass before it.
  @inlinable @inline(__always)
  func run<P>(
    ctx: inout EventContext, payload: P, bubbles: Bool, runtime: ChainRuntime
  ) -> Int? {
    let count = bubbles ? steps.count : bubbleStart
    let changes = runtime.registrationChanges
    var index = 0
    while index < count {
      let step = steps[index]
      if step.startsPass {
        if ctx.stopRequested { return nil }
        if runtime.registrationChanges != changes { return index }
        ctx.currentPhase = step.phase
        ctx.currentReference = step.node
      }
      index += 1
      let stop = withUnretained(step.registration) { registration in
        if registration.matchWord != step.expected {
          // Cancelled since the pass began, or once / target-bound: see `mayRunNow`.
          guard registration.matchWord == step.expected | 1, !registration.isRemoved,
            registration.mayRunNow()
          else { return false }
        }
        ctx.listenersRun &+= 1
        let box = uncheckedCast(registration, to: ListenerBox<P>.self)
        do {
          try box.body(&ctx, payload)
        } catch {
          ctx.currentCore.record(error, in: &ctx)
        }
        return ctx.immediateStopRequested
      }
      if stop { return nil }
    }
    // A listener of the last pass may have registered the key at a node after it.
    guard !ctx.stopRequested, runtime.registrationChanges != changes else { return nil }
    return count
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
    guard step > 0 else { return (pathLength, true, 1) }
    let last = steps[step - 1]
    switch last.phase {
    case .capture: return (Int(last.pathIndex), true, 1)
    case .target: return (0, false, 1)
    case .bubble: return (0, false, Int(last.pathIndex) + 1)
    }
  }
}
