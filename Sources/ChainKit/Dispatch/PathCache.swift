/// A node's dispatch path, shared by every post from that node until something the path depends
/// on changes.
///
/// A dispatch walks the cache its target holds without retaining it: the target's core keeps its
/// current cache alive, and a cache replaced while an operation is under way is kept until the
/// outermost one returns (``ChainRuntime/keepUntilIdle(_:)``). The cache owns its cores, so every
/// node on the path stays valid for the walk; `refs` are the same cores, unretained.
///
/// A cache is current while none of its nodes was touched since the cache was computed: a touch
/// sets a node's ``NodeCore/stamp`` to the runtime's new, highest stamp, so a node touched
/// since has a stamp above `builtAt`. A change elsewhere in the tree leaves it current (it is
/// re-checked, not rebuilt); a change in another tree does not even re-check it
/// (``TopologyClock``).
@usableFromInline
@MainActor
package final class PathCache {
  /// This node, then its parents depth-first in mount order, each node once.
  @usableFromInline let cores: ContiguousArray<NodeCore>
  /// The same cores, unretained: owned through `cores`.
  @usableFromInline let refs: UnsafeMutableBufferPointer<Unmanaged<NodeCore>>
  /// The runtime's last stamp when the path was computed: no node on it had a higher one then.
  let builtAt: UInt64
  /// The trace hooks installed on any node of the path.
  package let hooks: [any TraceHook]
  /// The activity observers of the path's nodes, in path order, with their node's index.
  let observers: [ActivityObserver.Watch]
  /// Whether a dispatch along the path is heard: a hook or an activity observer is on it.
  @usableFromInline let isProbed: Bool
  /// For a path over several parents, the index of the node each node was reached from (its child
  /// on the path; -1 for the target); `nil` when each node was reached from the one before it.
  ///
  /// A node sees the payload as its interceptors left it where it was reached from, so a rewrite on
  /// one branch is not seen on another (rule 17).
  @usableFromInline let reachedFrom: ContiguousArray<Int>?
  /// Whether each node was reached from the one before it (`reachedFrom` is `nil`).
  @usableFromInline let isChain: Bool
  /// The key posted last along this path and its hits: a repeated post finds them with one
  /// comparison and no reference counting (the hits are owned by `hitsByKey`).
  // NB: unchecked: read on every post and written only by `findHits(for:)`, never across a call
  // to unknown code, so the dynamic exclusivity check could never fire.
  @exclusivity(unchecked) @usableFromInline var lastKeyID = -1
  @exclusivity(unchecked) @usableFromInline var lastEntries = UnsafeMutableBufferPointer<PathHit>(
    start: nil, count: 0)
  /// ``PathHits/capturesAbove`` of the key posted last.
  // NB: unchecked, as `lastKeyID`.
  @exclusivity(unchecked) @usableFromInline var lastCapturesAbove = false
  /// The hits of every key posted along this path.
  ///
  /// NB: never evicted while the path lives, so a dispatch may hold its hits unretained while
  /// nested posts add others.
  private var hitsByKey: [Int: PathHits] = [:]
  /// The key whose plan was asked for last, the generation it was asked at, and that plan
  /// (`nil` if the key takes the walk over the hits): a repeated post finds it with two
  /// comparisons and no reference counting (the plan is owned by `plansByKey`).
  // NB: unchecked, as `lastKeyID`: written only by `findPlan(for:generation:)`.
  @exclusivity(unchecked) @usableFromInline var lastPlanKeyID = -1
  @exclusivity(unchecked) @usableFromInline var lastPlanGeneration: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline var lastPlan: Unretained<DispatchPlan>?
  /// The runtime's ``ChainRuntime/registrationChanges`` when ``lastPlan`` was last found
  /// exact: while it stays, no key's registrations changed, so the plan still is.
  @exclusivity(unchecked) @usableFromInline var lastPlanChanges: UInt64 = 0
  /// Every key's plan made along this path, with the generation it was made at; a plan made
  /// again replaces its key's, kept until no operation is under way.
  private var plansByKey: [Int: (generation: UInt64, plan: DispatchPlan?)] = [:]
  /// The recording plans of heard dispatches along this path (``RecordingPlan``), by key, and
  /// the one found last.
  var recordingPlans: [Int: (generation: UInt64, plan: RecordingPlan?)] = [:]
  var lastRecordingPlan: RecordingPlan?

  /// The path of a node not yet or no longer in use: empty.
  ///
  /// Shared by every node and runtime (allowed by `NoGlobalStateTests`): with no node on it,
  /// it has no hits to cache, and a node computes its own path before any dispatch walks it.
  static let empty = PathCache(
    cores: [], reachedFrom: [], hooks: [], observers: [], builtAt: 0)

  init(
    cores: ContiguousArray<NodeCore>, reachedFrom: ContiguousArray<Int>, hooks: [any TraceHook],
    observers: [ActivityObserver.Watch], builtAt: UInt64
  ) {
    self.cores = cores
    self.builtAt = builtAt
    var isChain = true
    for index in reachedFrom.indices where reachedFrom[index] != index - 1 { isChain = false }
    self.reachedFrom = isChain ? nil : reachedFrom
    self.isChain = isChain
    self.hooks = hooks
    self.observers = observers
    isProbed = !hooks.isEmpty || !observers.isEmpty
    refs = .allocate(capacity: cores.count)
    _ = refs.initialize(from: cores.lazy.map { Unmanaged.passUnretained($0) })
    checkInvariants()
  }

  isolated deinit { refs.deallocate() }

  /// How many nodes the path has.
  package var count: Int { cores.count }

  /// Every node's identity, in path order: made the first time a recorder asks, so a recorder
  /// keeps an array, not the path.
  package private(set) lazy var nodeIDs: ContiguousArray<ObjectIdentifier> = ContiguousArray(
    cores.lazy.map { ObjectIdentifier($0) })

  /// Every node's name, in path order: made the first time a recorder asks, so the recorders
  /// of a path's dispatches share one array and keep no reference to the path.
  package private(set) lazy var names: [String] = cores.map(\.name)
  /// The runtime of the path's nodes (one for all of them: nodes of two runtimes are never
  /// linked); only for a path with a node on it, as every dispatch's is.
  package var runtime: ChainRuntime { cores[0].runtime }

  /// The probe of a dispatch along this path (``isProbed``): a free recorder's (or, if none is
  /// free, the one its first hook makes), an activity probe for its observers, or both.
  ///
  /// Out of line: only heard dispatches need one.
  ///
  /// - Parameters:
  ///   - kind: Event or request.
  ///   - id: The dispatch id.
  ///   - parent: The enclosing dispatch's id, or 0.
  ///   - key: The key's name.
  ///   - box: The payload, kept undescribed: made by the caller, specialised for its type.
  ///   - bubbles: Whether the event's key bubbles: where the walk ends.
  /// - Returns: The probe the dispatch calls at each hop and when it returns.
  @usableFromInline
  func makeProbe(
    _ kind: DispatchKind, id: UInt64, parent: UInt64, key: String, box: DescriptionBox,
    bubbles: Bool
  ) -> DispatchProbe {
    makeProbe(kind, id: id, parent: parent, key: key, taking: box, bubbles: bubbles)
  }

  /// As ``makeProbe(_:id:parent:key:box:bubbles:)``, taking the caller's reference to the box,
  /// which a free recorder's probe keeps: the box made for an event's dispatch is handed on,
  /// not retained by the probe and released by the dispatch.
  ///
  /// NB: a request's dispatch calls the borrowing form: its untraced walk, inlined into the
  /// caller, is laid out as before.
  @usableFromInline
  func makeProbe(
    _ kind: DispatchKind, id: UInt64, parent: UInt64, key: String,
    taking box: consuming DescriptionBox, bubbles: Bool
  ) -> DispatchProbe {
    if observers.isEmpty, let probe = RecordingProbe.takeFree(from: runtime) {
      // A free recorder records for whichever hooks the path has: taken here, not through the
      // first hook.
      probe.begin(
        kind, id: id, parent: parent, key: key, box: consume box, bubbles: bubbles, path: self,
        count: count)
      return probe
    }
    let start = DispatchStart(
      kind: kind, id: id, parent: parent, key: key, box: box, bubbles: bubbles)
    guard !observers.isEmpty else {
      return hooks[0].recorder(for: start, along: self)
    }
    let activity = ActivityProbe(start, path: self)
    guard let hook = hooks.first else { return activity }
    return ProbePair(recorder: hook.recorder(for: start, along: self), activity: activity)
  }

  /// Whether this is still `owner`'s path: no node on it changed since it was computed.
  func isCurrent(for owner: NodeCore) -> Bool {
    // NB: through the unretained refs, in locals: no bounds checks, reloads or reference
    // counting per node (the owner compared by address, not retained either).
    guard let base = refs.baseAddress, !refs.isEmpty,
      base[0].toOpaque() == Unmanaged.passUnretained(owner).toOpaque()
    else { return false }
    let count = refs.count
    let limit = builtAt
    var index = 0
    while index < count {
      if base[index].takeUnretainedValue().stamp > limit { return false }
      index += 1
    }
    return true
  }

  /// The nodes on the path that have registrations for `keyID`, in path order, valid while
  /// this path lives, and whether any above the target has capture listeners.
  @inlinable @inline(__always)
  func hits(
    for keyID: Int
  ) -> (entries: UnsafeMutableBufferPointer<PathHit>, capturesAbove: Bool) {
    if lastKeyID == keyID { return (lastEntries, lastCapturesAbove) }
    return findHits(for: keyID)
  }

  @usableFromInline
  func findHits(
    for keyID: Int
  ) -> (entries: UnsafeMutableBufferPointer<PathHit>, capturesAbove: Bool) {
    let hits: PathHits
    if let known = hitsByKey[keyID] {
      hits = known
    } else {
      hits = freshHits(for: keyID)
      hitsByKey[keyID] = hits
    }
    lastKeyID = keyID
    lastEntries = hits.entries
    lastCapturesAbove = hits.capturesAbove
    checkInvariants()
    return (hits.entries, hits.capturesAbove)
  }

  /// The dispatch plan of `keyID` along this path at `generation` (the key's generation now), or
  /// `nil` if a dispatch for the key takes the walk over the hits (the path is heard, or has
  /// interceptors for the key, or capture listeners at the target); valid while the path lives
  /// and the key's generation stays.
  @inlinable @inline(__always)
  func plan(for keyID: Int, in runtime: ChainRuntime) -> Unretained<DispatchPlan>? {
    // NB: one comparison with a counter the runtime keeps in place, before the key's
    // generation is read from its array.
    let changes = runtime.registrationChanges
    if lastPlanKeyID == keyID, lastPlanChanges == changes { return lastPlan }
    let plan = plan(for: keyID, generation: runtime.generation(ofKey: keyID))
    lastPlanChanges = changes
    return plan
  }

  /// The dispatch plan of `keyID` along this path at `generation`, as ``plan(for:in:)`` finds it
  /// once a registration changed somewhere.
  @inlinable @inline(__always)
  func plan(for keyID: Int, generation: UInt64) -> Unretained<DispatchPlan>? {
    if lastPlanKeyID == keyID, lastPlanGeneration == generation { return lastPlan }
    return findPlan(for: keyID, generation: generation)
  }

  @usableFromInline
  func findPlan(for keyID: Int, generation: UInt64) -> Unretained<DispatchPlan>? {
    let plan: DispatchPlan?
    if let known = plansByKey[keyID], known.generation == generation {
      plan = known.plan
    } else {
      if let stale = plansByKey[keyID]?.plan { cores[0].runtime.keepUntilIdle(stale) }
      plan = isProbed ? nil : makePlan(for: keyID, generation: generation)
      plansByKey[keyID] = (generation, plan)
    }
    lastPlanKeyID = keyID
    lastPlanGeneration = generation
    lastPlan = plan.map { Unretained($0) }
    plan?.checkInvariants(cores: cores)
    return lastPlan
  }

  /// A plan made from the path's hits for `keyID` (current while the path is).
  private func makePlan(for keyID: Int, generation: UInt64) -> DispatchPlan? {
    cores[0].runtime.plansMade += 1
    var registrations = [KeyedRegistrations?](repeating: nil, count: cores.count)
    for hit in hits(for: keyID).entries {
      registrations[hit.index] = hit.registrations.takeUnretainedValue()
    }
    return DispatchPlan.make(
      keyID: keyID, generation: generation, cores: cores, registrations: registrations)
  }

  /// The hits for `keyID` as the nodes' registrations are now, not cached.
  @usableFromInline
  func freshHits(for keyID: Int) -> PathHits {
    var found: [PathHit] = []
    for (index, core) in cores.enumerated() {
      guard let registrations = core.registrations(for: keyID) else { continue }
      found.append(
        PathHit(
          index: index, core: .passUnretained(core),
          registrations: .passUnretained(registrations)))
    }
    return PathHits(keyID: keyID, found)
  }

  /// Traps with a message if an invariant of the cache does not hold, or if it is not `owner`'s
  /// path.
  func checkInvariants(owner: NodeCore) {
    #if CHAINKIT_INVARIANTS
      precondition(cores.first === owner, "'\(owner.name)' holds another node's path")
      checkInvariants()
    #endif
  }

  /// Traps with a message if an invariant of the cache does not hold: `refs` are `cores`, each
  /// node once, each reached from a child on the path, every hit on its own node's
  /// registrations for its key, and the last key's hits those of `hitsByKey`.
  ///
  /// Run when the path is built and after each key's hits are added; does nothing unless built
  /// with `CHAINKIT_INVARIANTS`.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(refs.count == cores.count, "path sizes disagree")
      var seen = Set<ObjectIdentifier>()
      for index in cores.indices {
        precondition(refs[index].takeUnretainedValue() === cores[index], "refs out of step")
        precondition(seen.insert(ObjectIdentifier(cores[index])).inserted, "a node twice on a path")
        if let reachedFrom {
          let from = reachedFrom[index]
          precondition(from < index && (index == 0) == (from == -1), "reached from a later node")
          if from >= 0 {
            precondition(
              cores[from].parents.contains { $0 === cores[index] }, "reached from a non-child")
          }
        } else if index > 0 {
          precondition(cores[index - 1].parents.contains { $0 === cores[index] }, "broken chain")
        }
      }
      for hits in hitsByKey.values {
        for hit in hits.entries {
          let core = hit.core.takeUnretainedValue()
          precondition(core === cores[hit.index], "a hit on the wrong node")
          precondition(
            hit.registrations.takeUnretainedValue() === core.registrations(for: hits.keyID),
            "a hit on another key's registrations")
          precondition(
            hits.capturesAbove || hit.index == 0
              || !hit.registrations.takeUnretainedValue().hasCapture,
            "a capture listener above the target that the path's hits do not know of")
        }
      }
      if lastKeyID >= 0 {
        let last = hitsByKey[lastKeyID]
        precondition(
          last?.entries.baseAddress == lastEntries.baseAddress
            && last?.entries.count == lastEntries.count
            && last?.capturesAbove == lastCapturesAbove,
          "the last key's hits are not its hits")
      }
    #endif
  }
}

/// One node on a path that has registrations for a key.
@usableFromInline
struct PathHit {
  /// The node's index on the path.
  @usableFromInline let index: Int
  /// The node, unretained: the path owns it.
  @usableFromInline let core: Unmanaged<NodeCore>
  /// Its registrations for the key, unretained: the node owns them for as long as it lives.
  @usableFromInline let registrations: Unmanaged<KeyedRegistrations>
}

/// The nodes on a path that have registrations for one key, in path order.
@usableFromInline
@MainActor
final class PathHits {
  @usableFromInline let keyID: Int
  @usableFromInline let entries: UnsafeMutableBufferPointer<PathHit>
  /// Whether a node above the target had capture listeners when these hits were found.
  ///
  /// If not, the capture walk has nothing to visit. A node's first capture listener for a key
  /// changes its stamp (``KeyedRegistrations/add(_:)``), so hits that say no stay true.
  @usableFromInline let capturesAbove: Bool

  init(keyID: Int, _ hits: [PathHit]) {
    self.keyID = keyID
    entries = .allocate(capacity: hits.count)
    _ = entries.initialize(from: hits)
    var capturesAbove = false
    for hit in hits where hit.index > 0 && hit.registrations.takeUnretainedValue().hasCapture {
      capturesAbove = true
    }
    self.capturesAbove = capturesAbove
  }

  isolated deinit { entries.deallocate() }
}

extension NodeCore {
  /// The cached path, unretained: this node keeps it for a dispatch's call, and a replaced one is
  /// kept until the outermost operation returns.
  @inlinable @inline(__always)
  var cachedPathReference: Unmanaged<PathCache> { Unmanaged.passUnretained(cachedPath) }
}
