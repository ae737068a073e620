/// Computing and caching a node's dispatch path.
extension NodeCore {
  /// The dispatch path: this node, then its parents depth-first in mount order, each node once.
  var path: ContiguousArray<NodeCore> { currentPath.cores }

  /// The trace hooks installed on any node of the path.
  var hooksOnPath: [any TraceHook] { currentPath.hooks }

  /// The path cache, brought up to date.
  var currentPath: PathCache {
    refreshPathIfStale()
    return cachedPath
  }

  /// Brings the cached path up to date; dispatch then reads `cachedPath` unretained.
  ///
  /// One comparison while nothing changed in this node's tree; after a change elsewhere in it,
  /// one check of the path's stamps (no rebuild unless a node on the path changed). A change in
  /// another tree moves another clock: it costs nothing here.
  @inlinable @inline(__always)
  func refreshPathIfStale() {
    if cachedVersion != clock.version { revalidatePath() }
  }

  @usableFromInline
  func revalidatePath() {
    runtime.pathChecks += 1
    // The tree may have been mounted in another since: its clock is now that one's.
    let clock = self.clock.resolved
    self.clock = clock
    // NB: unretained, as dispatch reads it: this node holds its cache for the call.
    let isCurrent = withUnretained(Unretained(cachedPath)) { $0.isCurrent(for: self) }
    if isCurrent {
      cachedVersion = clock.version
    } else {
      refreshPath()
    }
  }

  func refreshPath() {
    runtime.pathRecomputations += 1
    let epoch = runtime.nextEpoch()
    var out = ContiguousArray<NodeCore>()
    var reachedFrom = ContiguousArray<Int>()
    var tracers: [any TraceHook] = []
    var observers: [ActivityObserver.Watch] = []
    // An explicit stack instead of recursion: trees may be 100,000 levels deep. Each entry
    // remembers the index of the node that pushed it: the node it is reached from if it is
    // still unvisited when popped.
    var stack: ContiguousArray<(core: NodeCore, from: Int)> = [(self, -1)]
    while let (core, from) = stack.popLast() {
      if core.mark == epoch { continue }
      core.mark = epoch
      let index = out.count
      out.append(core)
      reachedFrom.append(from)
      for installation in core.tracers { tracers.append(installation.hook) }
      for observer in core.observers { observers.append((observer, index)) }
      for parent in core.parents.reversed() where parent.mark != epoch {
        stack.append((parent, index))
      }
    }
    replaceCachedPath(
      with: PathCache(
        cores: out, reachedFrom: reachedFrom, hooks: tracers, observers: observers,
        builtAt: runtime.lastStamp))
    let clock = self.clock.resolved
    self.clock = clock
    cachedVersion = clock.version
  }

  /// Replaces the cached path; while an operation runs, the old one is kept until it returns.
  ///
  /// NB: dispatch walks its node's cached path without retaining it (the node stays alive for
  /// the call), so a listener that changes the topology must not free the path being walked.
  func replaceCachedPath(with cache: PathCache) {
    runtime.keepUntilIdle(cachedPath)
    cachedPath = cache
  }

  /// The trace hooks on this node and its ancestors, visiting at most
  /// ``Trace/structuralSearchLimit`` nodes and caching nothing.
  func hooksNearby() -> [any TraceHook] {
    let epoch = runtime.nextEpoch()
    var found: [any TraceHook] = []
    var stack: ContiguousArray<NodeCore> = [self]
    var visited = 0
    while let core = stack.popLast(), visited < Trace.structuralSearchLimit {
      if core.mark == epoch { continue }
      core.mark = epoch
      visited += 1
      for installation in core.tracers { found.append(installation.hook) }
      for parent in core.parents.reversed() where parent.mark != epoch { stack.append(parent) }
    }
    return found
  }
}
