/// The part of a node that lives in the graph.
///
/// A ``Node`` is a handle its owner holds; its core holds the links, the registrations and the
/// cached path. Links between cores are strong, yet nothing in the graph keeps a *node* alive:
/// when a node deinitializes, its core unlinks itself at once. Dispatch holds the cores of the
/// path it walks, so every node on a path stays valid until the dispatch ends, even if a listener
/// releases its owner.
///
/// NB: the fields read at every node of a walk (a post's path check, a share's descent) are
/// `@exclusivity(unchecked)`: they are touched on the main actor only, in place, and never passed
/// `inout` across a call to unknown code, so the dynamic exclusivity check on a class's stored
/// property could never fire, and would cost a call at every node of every walk.
@MainActor
@usableFromInline
final class NodeCore {
  @usableFromInline let name: String
  /// The node; unretained: the node owns its core and is its only handle; `isAlive` turns false
  /// in the node's deinit, before the node's memory goes, and `node` reads `owner` only while
  /// alive.
  var owner: Node? {
    get { ownerReference?.object }
    set { ownerReference = newValue.map(Unretained.init) }
  }
  private var ownerReference: Unretained<Node>?
  private(set) var isAlive = true

  /// The parents, in mount order, and this node's index in each one's ``children``.
  @exclusivity(unchecked) var parents: ContiguousArray<NodeCore> = []
  var slotsInParents: ContiguousArray<Int> = []
  @exclusivity(unchecked) var children = ChildList()

  /// The registrations, one entry per key ever registered here (never dropped while alive).
  var keyed: ContiguousArray<KeyedRegistrations> = []
  /// The index in ``keyed`` of each key's entry.
  var keyedIndex: [Int: Int] = [:]
  var tracers: [HookInstallation] = []
  /// The activity observers of this node (``Node/observeActivity(_:)``).
  var observers: [ActivityObserver] = []
  /// Shared values and data subscriptions; `nil` until the node shares or subscribes.
  @exclusivity(unchecked) var data: NodeData?

  /// The runtime this node belongs to: a dispatch from this node reads it once, here.
  @usableFromInline let runtime: ChainRuntime
  /// Scratch mark for graph walks; compared against ``ChainRuntime/epoch``.
  var mark: UInt64 = 0
  /// The runtime's stamp (``ChainRuntime/nextStamp()``) at the last change to what a path
  /// through this node depends on: its parents, its tracers and observers, its keys, its release.
  ///
  /// A cached path through it is current while this is what it was when the path was computed.
  @exclusivity(unchecked) @usableFromInline var stamp: UInt64 = 1
  @exclusivity(unchecked) @usableFromInline var cachedPath = PathCache.empty
  /// The clock of this node's tree, or one merged into it (see ``TopologyClock``).
  @exclusivity(unchecked) @usableFromInline var clock: TopologyClock
  /// The version of ``clock`` at which `cachedPath` was last found current.
  @exclusivity(unchecked) @usableFromInline var cachedVersion: UInt64 = 0
  #if CHAINKIT_INVARIANTS
    /// Counts this object in the live-object census of the scope it was created in.
    let census = CensusToken(.core)
  #endif

  init(name: String, runtime: ChainRuntime) {
    self.name = name
    self.runtime = runtime
    clock = runtime.looseClock
  }

  isolated deinit {
    releaseRegistrationsNow()
  }

  /// The node, while its owner holds it.
  var node: Node? { isAlive ? owner : nil }

  /// Records that what paths through this node depend on changed: a fresh stamp here and on
  /// this node's tree clock, so the paths of this tree are checked and no other tree's are.
  func touch() {
    let stamp = runtime.nextStamp()
    self.stamp = stamp
    let clock = self.clock.resolved
    self.clock = clock
    clock.version = stamp
  }

  /// Records that this node has just been linked to `parent`: its tree joins `parent`'s.
  ///
  /// Only the paths of this node's tree change (they now go on through `parent`), so the tree
  /// mounted into keeps its version and its caches: a mount costs other nodes nothing.
  func join(_ parent: NodeCore) {
    var parentClock = parent.clock.resolved
    if parentClock === runtime.looseClock {
      // Its first child: the parent's tree needs a clock of its own.
      parentClock = TopologyClock(version: runtime.nextStamp())
    }
    parent.clock = parentClock
    let own = clock.resolved
    if own === parentClock {
      // Already one tree (a second parent in it): its paths through this node change.
      own.version = runtime.nextStamp()
    } else if own !== runtime.looseClock {
      own.merge(into: parentClock, stamp: runtime.nextStamp())
    }
    // NB: a node on the loose clock was never linked, so no other path contains it.
    clock = parentClock
    stamp = runtime.nextStamp()
  }

  /// Leaves the graph for good: called when the owner releases the node.
  ///
  /// NB: the node leaves every path first, before anything that can run user code (releasing a
  /// registration runs the deinit of what its closure captured, which may post): code that runs
  /// inside the release already sees a tree without this node.
  ///
  /// Builds with `CHAINKIT_INVARIANTS` then check this node and the nodes it was linked to, as
  /// a mount and an unmount check the two nodes they link.
  func retire() {
    // Children lose whatever this node shared; they re-resolve once it has left.
    // Only children that could lose a value they resolve through this node (it or an ancestor
    // shares something, and a subscriber sits below them) need re-resolving; asking a global
    // counter instead made tearing down a deep tree quadratic while any subscriber existed.
    // While a subscriber may be behind its value (a pass under way, a refused one), every
    // child is re-resolved: rule 28 owes it its value at the next re-resolution that covers it.
    let dataOrphans =
      runtime.data.mayHaveSubscribersBehind
      ? (runtime.data.subscriberCount > 0 ? children.live : [])
      : runtime.data.resolvedCount > 0
        ? children.live.filter { $0.linkMayChangeSharedData(parent: self) } : []
    #if CHAINKIT_INVARIANTS
      // The nodes this release unlinks, checked once it is done.
      let unlinked = Array(parents) + children.live
    #endif
    isAlive = false
    while let parent = parents.last { unlink(from: parent) }
    for child in children.removeAll() { child.forgetParent(self) }
    touch()
    replaceCachedPath(with: .empty)
    if !tracers.isEmpty { runtime.installedTracers -= tracers.count }
    for installation in tracers { installation.detach() }
    let detachedTracers = tracers
    tracers = []
    for observer in observers { observer.detach() }
    let detachedObservers = observers
    observers = []
    for registrations in keyed { registrations.removeAll() }
    data?.retire()
    Self.extendLifetime(of: (detachedTracers, detachedObservers))
    for orphan in dataOrphans { orphan.reresolveSharedData(afterRemoval: true) }
    #if CHAINKIT_INVARIANTS
      checkInvariants()
      for core in unlinked { core.checkOwnInvariants() }
    #endif
  }

  /// Keeps `value` alive until this call.
  ///
  /// NB: nonisolated, so that its empty closure is too: `withExtendedLifetime(value) {}` in
  /// main-actor code makes a main-actor closure, which checks the executor when called (a call
  /// to `swift_task_isCurrentExecutor` per released node, which `release.100` pays; see
  /// BENCHMARKS.md).
  nonisolated private static func extendLifetime<Value>(of value: Value) {
    withExtendedLifetime(value) {}
  }

  /// Traps with a message if an invariant of this node's links, registrations or cached path
  /// does not hold.
  ///
  /// ``checkOwnInvariants()`` is the part of it that does not walk the children or the cached
  /// path.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      checkOwnInvariants()
      children.checkInvariants(owner: self)
      if cachedVersion == clock.resolved.version, isAlive {
        cachedPath.checkInvariants(owner: self)
      }
    #endif
  }

  /// Traps with a message if an invariant of this node's links up, registrations, shared data or
  /// tree clock does not hold: what a mount, an unmount or a release can break at the nodes it
  /// links or unlinks, which builds with `CHAINKIT_INVARIANTS` check after each one.
  ///
  /// NB: it leaves out the children and the cached path, which ``checkInvariants()`` walks: their
  /// size is that of the tree around the node (all the children of a wide node, every ancestor
  /// of a deep one), so checking them after every link would make building or tearing down a
  /// tree quadratic. What it reads grows with the node's own parents and registrations only.
  func checkOwnInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(parents.count == slotsInParents.count, "'\(name)': parents and slots disagree")
      for (parent, slot) in zip(parents, slotsInParents) {
        precondition(
          parent.children.entries.indices.contains(slot)
            && parent.children.entries[slot] === self,
          "'\(name)': stale slot in parent '\(parent.name)'")
      }
      for (index, registrations) in keyed.enumerated() {
        precondition(keyedIndex[registrations.keyID] == index, "'\(name)': key index out of step")
        precondition(registrations.core === self, "'\(name)': another node's registrations")
        registrations.checkInvariants()
      }
      precondition(keyedIndex.count == keyed.count, "'\(name)': key index out of step")
      if !isAlive {
        precondition(parents.isEmpty && children.isEmpty, "'\(name)': released but still linked")
      }
      data?.checkInvariants(owner: self)
      let tree = clock.resolved
      for parent in parents {
        precondition(parent.clock.resolved === tree, "'\(name)': in another tree than a parent")
      }
      if tree === runtime.looseClock {
        precondition(parents.isEmpty && children.isEmpty, "'\(name)': linked on the loose clock")
      }
    #endif
  }
}
