/// Finding and calling the data subscribers whose resolved value changed.
extension NodeCore {
  /// One subscriber and the slot it resolves to now.
  ///
  /// Unretained, so that collecting and walking thousands costs no reference counting: the
  /// subscriber is kept alive by its node's list, whose removals wait while an operation is
  /// under way (``ChainRuntime/release(_:)``), and the slot is only used while no share has
  /// happened since it was collected (``NodeCore/deliver(_:name:in:)`` checks), so its node still
  /// holds it.
  ///
  /// With each subscriber, where its body keeps its context (``DataSubscriber/bodyContext``), for
  /// a pass to prefetch a few entries ahead: fixed for the subscriber's life, and only a hint.
  typealias DataDelivery = (
    subscriber: Unretained<DataSubscriber>, slot: Unretained<SharedSlot>?, context: PrefetchTarget
  )

  /// One node still to visit by ``collectDataDeliveries(forKey:into:)``, with what its single
  /// parent resolves to, when that is known.
  ///
  /// Unretained: the walk runs no user code, so every node and slot it holds is kept alive by the
  /// tree meanwhile.
  typealias DataWalkEntry = (
    core: Unretained<NodeCore>, inherited: Unretained<SharedSlot>?, isKnown: Bool
  )

  /// Appends to `out` the subscribers for `keyID` in this node's subtree, in preorder (children in
  /// mount order), with the slot each resolves to.
  ///
  /// Subtrees whose root has its own value for the key are skipped: they shadow this node. Each
  /// node is visited once, even when a diamond reaches it twice.
  ///
  /// NB: a node with a single parent resolves to what that parent resolves to (its own slot
  /// would have shadowed it), so a tree is resolved top-down in O(nodes) with no memo; only a
  /// node with several parents searches its path, and only such nodes go in `seen`, so sharing
  /// down a tree allocates nothing once the reused walk stack has grown.
  func collectDataDeliveries(forKey keyID: Int, into out: inout ContiguousArray<DataDelivery>) {
    var stack = ContiguousArray<DataWalkEntry>()
    swap(&stack, &runtime.data.walkStack)
    defer {
      stack.removeAll(keepingCapacity: true)
      swap(&stack, &runtime.data.walkStack)
    }
    var seen = Set<ObjectIdentifier>()
    let start = DataResolver.nearest(from: self, keyID: keyID).map(Unretained.init)
    stack.append((Unretained(self), start, true))
    while let (entry, inherited, isKnown) = stack.popLast() {
      withUnretained(entry) { core in
        let isRoot = core === self
        if !isRoot, core.parents.count > 1 {
          guard seen.insert(ObjectIdentifier(core)).inserted else { return }
        }
        var slot = inherited
        var known = isKnown && (isRoot || core.parents.count == 1)
        // NB: the node's data unretained: the walk runs no user code, the node holds it.
        if let dataEntry = core.data.map(Unretained.init) {
          let skipped = withUnretained(dataEntry) { data -> Bool in
            if !isRoot, data.hasSlot(for: keyID) { return true }
            // NB: an index loop over unretained entries, not `each`: no reference counting.
            let subscribers = data.subscribers
            for index in 0..<subscribers.count {
              guard let entry = subscribers.entry(at: index) else { continue }
              // NB: a subscriber cancelled by code that ran before its list vacated it is left
              // out, so that a pass never names one (``deliver(_:name:in:)`` relies on it).
              let matches = withUnretained(entry) { $0.keyID == keyID && !$0.isRemoved }
              guard matches else { continue }
              if !known {
                slot = Self.nearestOffTheHotPath(from: core, keyID: keyID)
                known = true
              }
              out.append((Unretained(entry), slot, withUnretained(entry) { $0.bodyContext }))
            }
            return false
          }
          if skipped { return }
        }
        var index = core.children.entries.count
        while index > 0 {
          index -= 1
          guard let child = core.children.entries[index] else { continue }
          stack.append((Unretained(child), slot, known))
        }
      }
    }
  }

  /// ``DataResolver/nearest(from:keyID:)``, unretained, for the walk's rare case of a subscriber
  /// below a node with several parents.
  ///
  /// NB: never inlined: inlined, its read of the node's runtime (for the path cache) is hoisted
  /// into the walk's loop and spilled, which costs every node of every share a load, a spill and
  /// a reload (`share1000.chainkit`; see BENCHMARKS.md).
  @inline(never)
  private static func nearestOffTheHotPath(
    from core: NodeCore, keyID: Int
  ) -> Unretained<SharedSlot>? {
    DataResolver.nearest(from: core, keyID: keyID).map(Unretained.init)
  }

  /// Every data subscriber in this node's subtree, with the slot it resolves to now: used after
  /// a mount, an unmount or a deallocation changed which values the subtree can see.
  func dataDeliveriesForAllKeys() -> ContiguousArray<DataDelivery> {
    var resolvers: [Int: DataResolver] = [:]
    var out: ContiguousArray<DataDelivery> = []
    walkSubtree { core in
      guard let data = core.data else { return true }
      data.subscribers.each { subscriber in
        guard !subscriber.isRemoved else { return }
        var resolver =
          resolvers.removeValue(forKey: subscriber.keyID)
          ?? DataResolver(keyID: subscriber.keyID)
        let slot = resolver.resolve(core).map(Unretained.init)
        out.append((Unretained(subscriber), slot, subscriber.bodyContext))
        resolvers[subscriber.keyID] = resolver
      }
      return true
    }
    return out
  }

  /// Visits this node and its descendants in preorder, children in mount order, each once; `visit`
  /// returns `false` to skip a node's children.
  ///
  /// Iterative: no recursion over depth.
  func walkSubtree(_ visit: (NodeCore) -> Bool) {
    var seen = Set<ObjectIdentifier>()
    var stack: ContiguousArray<NodeCore> = [self]
    while let core = stack.popLast() {
      guard seen.insert(ObjectIdentifier(core)).inserted else { continue }
      guard visit(core) else { continue }
      for case let child? in core.children.entries.reversed()
      where !seen.contains(ObjectIdentifier(child)) {
        stack.append(child)
      }
    }
  }

  /// Re-resolves the subtree after its view of the tree changed; a no-op (one comparison) when
  /// no data subscription exists anywhere, or, after a removal, none has a value to lose.
  func reresolveSharedData(afterRemoval: Bool = false) {
    let mayMatter =
      afterRemoval && !runtime.data.mayHaveSubscribersBehind
      ? runtime.data.resolvedCount > 0 : runtime.data.subscriberCount > 0
    guard mayMatter else { return }
    _ = Self.deliver(dataDeliveriesForAllKeys(), name: "shared data", in: runtime)
  }
}
