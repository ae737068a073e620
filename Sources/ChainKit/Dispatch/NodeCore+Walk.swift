/// The one walk of events and requests: the upward walk from the target to the root end that
/// both take, each with its own visit.
///
/// NB: `@inlinable` and always inlined, with the visit passed in, so that each kind of dispatch
/// gets one specialised loop with its visit inlined, as if written out.
extension NodeCore {
  /// Visits the hits from path index `start` (the target is 0) to the root end, in path order,
  /// until the context is stopped or `visit` returns `false`.
  ///
  /// On a chain the walk jumps from hit to hit. Over several parents each node starts from the
  /// payload as the node it was reached from left it, so a rewrite on one branch is not seen on
  /// another (rule 17); nodes without registrations pass it on unchanged.
  ///
  /// - Parameters:
  ///   - start: 0 (a request: the target is visited here too), 1 (an event, whose target was
  ///     visited already and left `payload`), or the node after the last a dispatch's plan
  ///     passed (no interceptor on the way: every node before it left `payload`).
  ///   - walk: The dispatch's walk over the path's hits.
  ///   - ctx: The dispatch's context.
  ///   - payload: The payload as the node before `start` left it; as the last visit left it
  ///     when the walk ends.
  ///   - visit: One node's visit: its registrations, its path index, the context and the payload
  ///     it may rewrite; returns whether the walk goes on.
  @inlinable @inline(__always)
  func walkUp<P>(
    from start: Int, walk: inout HitWalk, ctx: inout EventContext, payload: inout P,
    _ visit: (
      _ registrations: KeyedRegistrations, _ index: Int, _ ctx: inout EventContext,
      _ payload: inout P
    ) -> Bool
  ) {
    // From the target, every hit is ahead; the loop checks for new hits before each visit.
    var position = 0
    if start > 0 {
      _ = walk.refreshIfChanged()
      position = walk.firstPosition(after: start - 1)
    }
    guard let reachedFrom = walk.cache.reachedFrom else {
      var visited = start - 1
      // The check for new hits comes before the check for the end, so a node that gains the
      // key after the last cached hit ran is still visited (rule 10).
      while !ctx.stopRequested {
        if walk.refreshIfChanged() { position = walk.firstPosition(after: visited) }
        guard position < walk.entries.count else { return }
        let hit = walk.entries[position]
        position += 1
        visited = hit.index
        let goesOn = withUnretained(hit.registrations) { registrations in
          visit(registrations, hit.index, &ctx, &payload)
        }
        if !goesOn { return }
      }
      return
    }
    let pathLength = walk.cache.cores.count
    var leaving = ContiguousArray<P>()
    leaving.reserveCapacity(pathLength)
    // Every node before `start` left the payload as it is now: the target, or the nodes a
    // dispatch's plan passed, where no interceptor runs.
    while leaving.count < start { leaving.append(payload) }
    var index = start
    while index < pathLength, !ctx.stopRequested {
      if walk.refreshIfChanged() { position = walk.firstPosition(after: index - 1) }
      if index > 0 { payload = leaving[reachedFrom[index]] }
      if position < walk.entries.count, walk.entries[position].index == index {
        let goesOn = withUnretained(walk.entries[position].registrations) { registrations in
          visit(registrations, index, &ctx, &payload)
        }
        if !goesOn { return }
        position += 1
      }
      leaving.append(payload)
      index += 1
    }
  }
}
