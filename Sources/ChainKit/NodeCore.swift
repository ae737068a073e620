/// The part of a node that lives in the graph.
///
/// A ``Node`` is a handle its owner holds; its core holds the links, the registrations and the
/// cached path. Links between cores are strong, yet nothing in the graph keeps a *node* alive:
/// when a node deinitializes, its core unlinks itself at once. Dispatch holds the cores of the
/// path it walks, so every node on a path stays valid until the dispatch ends, even if a listener
/// releases its owner.
@MainActor
final class NodeCore {
  let name: String
  unowned(unsafe) var owner: Node?
  private(set) var isAlive = true

  var parents: ContiguousArray<NodeCore> = []
  var children: ContiguousArray<NodeCore> = []

  /// One bit per key id (modulo 64) that has a registration here: a clear bit skips the node.
  var keyMask: UInt64 = 0
  var listeners: ContiguousArray<Registration> = []
  var interceptors: ContiguousArray<Registration> = []
  var responders: ContiguousArray<Registration> = []
  var tracers: [TracerInstallation] = []
  var queuedForCompaction = false

  /// Scratch mark for graph walks; compared against ``DispatchState/epoch``.
  var mark: UInt64 = 0
  private var cachedPath: ContiguousArray<NodeCore> = []
  private var cachedTracers: [any Tracer] = []
  private var cachedVersion: UInt64 = 0

  init(name: String) { self.name = name }

  /// The node, while its owner holds it.
  var node: Node? { isAlive ? owner : nil }

  /// The dispatch path: this node, then its parents depth-first in mount order, each node once.
  var path: ContiguousArray<NodeCore> {
    refreshPathIfNeeded()
    return cachedPath
  }

  /// The tracers installed on any node of the path.
  var tracersOnPath: [any Tracer] {
    refreshPathIfNeeded()
    return cachedTracers
  }

  /// The path and its tracers, computed at most once.
  var pathAndTracers: (path: ContiguousArray<NodeCore>, tracers: [any Tracer]) {
    refreshPathIfNeeded()
    return (cachedPath, cachedTracers)
  }

  private func refreshPathIfNeeded() {
    guard cachedVersion != DispatchState.topologyVersion else { return }
    let epoch = DispatchState.nextEpoch()
    var out = ContiguousArray<NodeCore>()
    var tracers: [any Tracer] = []
    // An explicit stack instead of recursion: trees may be 100,000 levels deep.
    var stack: ContiguousArray<NodeCore> = [self]
    while let core = stack.popLast() {
      if core.mark == epoch { continue }
      core.mark = epoch
      out.append(core)
      for installation in core.tracers { tracers.append(installation.tracer) }
      for parent in core.parents.reversed() where parent.mark != epoch { stack.append(parent) }
    }
    cachedPath = out
    cachedTracers = tracers
    cachedVersion = DispatchState.topologyVersion
  }

  /// The tracers on this node and its ancestors, visiting at most
  /// ``Trace/structuralSearchLimit`` nodes and caching nothing.
  func tracersNearby() -> [any Tracer] {
    let epoch = DispatchState.nextEpoch()
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
    let epoch = DispatchState.nextEpoch()
    var stack: ContiguousArray<NodeCore> = [self]
    while let core = stack.popLast() {
      if core === other { return true }
      if core.mark == epoch { continue }
      core.mark = epoch
      stack.append(contentsOf: core.parents)
    }
    return false
  }

  /// Leaves the graph for good: called when the owner releases the node.
  func retire() {
    isAlive = false
    for parent in parents { parent.children.removeAll { $0 === self } }
    for child in children { child.parents.removeAll { $0 === self } }
    parents = []
    children = []
    for registration in listeners { registration.markRemoved() }
    for registration in interceptors { registration.markRemoved() }
    for registration in responders { registration.markRemoved() }
    // NB: a dispatch under way may be indexing into these lists; empty them only when none is.
    if DispatchState.depth == 0 { compact() } else { scheduleCompaction() }
    if !tracers.isEmpty { Trace.installedCount -= tracers.count }
    for installation in tracers { installation.isInstalled = false }
    tracers = []
    cachedPath = []
    cachedTracers = []
    DispatchState.topologyVersion &+= 1
  }
}
