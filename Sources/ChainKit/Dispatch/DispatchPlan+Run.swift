/// A dispatch along its plan: one loop over the listeners, pass after pass.
///
/// NB: `@inlinable`, so that clients get it specialised for their payload type. The loop reads
/// each registration unretained (the plan is current, so its node's list holds it) and calls its
/// body through a guaranteed reference: a listener call costs no reference counting.
extension DispatchPlan {
  /// Runs the plan's passes in order (the bubble passes only if `bubbles`) until the context is
  /// stopped, or until the key's registrations change.
  ///
  /// Before each pass, as on arrival at a node, the key's generation is compared with the
  /// plan's: if a registration was made or cancelled since, the pass's listeners may no longer
  /// be the node's snapshot, and the dispatch must go on over the hits.
  ///
  /// - Returns: `nil` if the dispatch is over; otherwise how many passes ran before the key's
  ///   registrations changed: the dispatch goes on after them over the hits.
  @inlinable @inline(__always)
  func run<P>(
    ctx: inout EventContext, payload: P, bubbles: Bool, runtime: ChainRuntime
  ) -> Int? {
    let passCount = bubbles ? passes.count : bubbleStart
    var next = 0
    var number = 0
    while number < passCount {
      if ctx.stopRequested { return nil }
      if runtime.generation(ofKey: keyID) != generation { return number }
      let pass = passes[number]
      number += 1
      ctx.currentPhase = pass.phase
      ctx.currentReference = pass.node
      let expected = Registration.matchWord(keyID: keyID, capture: pass.phase == .capture)
      let end = pass.end
      while next < end {
        let entry = listeners[next]
        next += 1
        let stop = withUnretained(entry) { registration in
          let word = registration.matchWord
          if word != expected {
            // Cancelled since the pass began, or once / target-bound: see `mayRunNow`.
            guard word == expected | 1, !registration.isRemoved, registration.mayRunNow() else {
              return false
            }
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
    }
    // A listener of the last pass may have registered the key at a node after it.
    guard !ctx.stopRequested, runtime.generation(ofKey: keyID) != generation else { return nil }
    return passCount
  }
}
