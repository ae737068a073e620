/// The part of a node that lives in the graph.
///
/// A ``Node`` is a handle its owner holds; its core holds the links, the registrations and the
/// cached path. Links between cores are strong, yet nothing in the graph keeps a *node* alive:
/// when a node deinitializes, its core unlinks itself at once. Dispatch holds the cores of the
/// path it walks, so every node on a path stays valid until the dispatch ends, even if a listener
/// releases its owner.
///
/// NB: the properties dispatch reads are `@exclusivity(unchecked)`: they are only read or written
/// in place, never passed `inout` across a call, so the dynamic check (which costs more than the
/// access) could never fire.
@MainActor
@usableFromInline
final class NodeCore {
  @usableFromInline let name: String
  unowned(unsafe) var owner: Node?
  private(set) var isAlive = true

  var parents: ContiguousArray<NodeCore> = []
  var children: ContiguousArray<NodeCore> = []

  /// One bit per key id (modulo 64) that has a registration here: a clear bit skips the node.
  @exclusivity(unchecked) @usableFromInline var keyMask: UInt64 = 0
  /// One bit per key id (modulo 64) that has a capture listener here; a cached path ORs these so
  /// that a post skips the capture walk when nothing on the path captures its key.
  @exclusivity(unchecked) @usableFromInline var captureKeyMask: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline var listeners = RegistrationList()
  @exclusivity(unchecked) @usableFromInline var interceptors = RegistrationList()
  @exclusivity(unchecked) @usableFromInline var responders = RegistrationList()
  var tracers: [TracerInstallation] = []
  var queuedForCompaction = false
  /// Shared values and data subscriptions; `nil` until the node shares or subscribes.
  var data: NodeData?

  /// Scratch mark for graph walks; compared against ``Topology/epoch``.
  var mark: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline var cachedPath = PathCache.empty
  @exclusivity(unchecked) @usableFromInline var cachedVersion: UInt64 = 0

  init(name: String) { self.name = name }

  isolated deinit {
    let entries =
      listeners.takeEverything() + interceptors.takeEverything() + responders.takeEverything()
    for entry in entries { entry.release() }
  }

  /// The node, while its owner holds it.
  var node: Node? { isAlive ? owner : nil }

  /// The dispatch path: this node, then its parents depth-first in mount order, each node once.
  var path: ContiguousArray<NodeCore> { currentPath.cores }

  /// The tracers installed on any node of the path.
  var tracersOnPath: [any Tracer] { currentPath.tracers }

  /// The path, its tracers and its capture mask, computed at most once per topology change.
  @inlinable
  var currentPath: PathCache {
    cachedVersion == Topology.version ? cachedPath : refreshPath()
  }

  /// Brings the cached path up to date; dispatch then reads `cachedPath` unretained.
  @inlinable @inline(__always)
  func refreshPathIfStale() {
    if cachedVersion != Topology.version { refreshPath() }
  }

  @usableFromInline @discardableResult
  func refreshPath() -> PathCache {
    let epoch = Topology.nextEpoch()
    var out = ContiguousArray<NodeCore>()
    var reachedFrom = ContiguousArray<Int>()
    var tracers: [any Tracer] = []
    var captureMask: UInt64 = 0
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
      captureMask |= core.captureKeyMask
      for installation in core.tracers { tracers.append(installation.tracer) }
      for parent in core.parents.reversed() where parent.mark != epoch {
        stack.append((parent, index))
      }
    }
    let cache = PathCache(
      cores: out, reachedFrom: reachedFrom, tracers: tracers, captureMask: captureMask)
    replaceCachedPath(with: cache)
    cachedVersion = Topology.version
    return cache
  }

  /// Replaces the cached path; while a dispatch runs, the old one is kept until it returns.
  ///
  /// NB: dispatch walks its node's cached path without retaining it (the node stays alive for
  /// the call), so a listener that changes the topology must not free the path being walked.
  private func replaceCachedPath(with cache: PathCache) {
    ReentryGuard.keepUntilIdle(cachedPath)
    cachedPath = cache
  }

  /// The tracers on this node and its ancestors, visiting at most
  /// ``Trace/structuralSearchLimit`` nodes and caching nothing.
  func tracersNearby() -> [any Tracer] {
    let epoch = Topology.nextEpoch()
    var found: [any Tracer] = []
    var stack: ContiguousArray<NodeCore> = [self]
    var visited = 0
    while let core = stack.popLast(), visited < Trace.structuralSearchLimit {
      if core.mark == epoch { continue }
      core.mark = epoch
      visited += 1
      for installation in core.tracers { found.append(installation.tracer) }
      for parent in core.parents.reversed() where parent.mark != epoch { stack.append(parent) }
    }
    return found
  }

  /// Whether `other` is this node or one of its ancestors.
  func hasAncestorOrSelf(_ other: NodeCore) -> Bool {
    if self === other { return true }
    // A chain (one parent per node, the common case) needs no stack, so no allocation.
    var core = self
    while core.parents.count == 1 {
      core = core.parents[0]
      if core === other { return true }
    }
    if core.parents.isEmpty { return false }
    let epoch = Topology.nextEpoch()
    var stack: ContiguousArray<NodeCore> = [core]
    while let core = stack.popLast() {
      if core === other { return true }
      if core.mark == epoch { continue }
      core.mark = epoch
      stack.append(contentsOf: core.parents)
    }
    return false
  }

  /// Leaves the graph for good: called when the owner releases the node.
  ///
  /// NB: the node leaves every path first, before anything that can run user code (releasing a
  /// registration runs the deinit of what its closure captured, which may post): code that runs
  /// inside the release already sees a tree without this node.
  func retire() {
    // Children lose whatever this node shared; they re-resolve once it has left.
    // Only children that could lose a value they resolve through this node (it or an ancestor
    // shares something, and a subscriber sits below them) need re-resolving; asking a global
    // counter instead made tearing down a deep tree quadratic while any subscriber existed.
    let dataOrphans =
      DataState.resolvedCount > 0
      ? children.filter { $0.linkMayChangeSharedData(parent: self) } : []
    isAlive = false
    for parent in parents { parent.children.removeAll { $0 === self } }
    for child in children { child.parents.removeAll { $0 === self } }
    parents = []
    children = []
    replaceCachedPath(with: .empty)
    Topology.version &+= 1
    if !tracers.isEmpty { Trace.installedCount -= tracers.count }
    for installation in tracers { installation.detach() }
    let detachedTracers = tracers
    tracers = []
    listeners.each { $0.markRemoved() }
    interceptors.each { $0.markRemoved() }
    responders.each { $0.markRemoved() }
    // NB: an operation under way may be indexing into these lists; empty them only when none is.
    scheduleCompaction()
    data?.retire()
    withExtendedLifetime(detachedTracers) {}
    for orphan in dataOrphans { orphan.reresolveSharedData(afterRemoval: true) }
  }
}
