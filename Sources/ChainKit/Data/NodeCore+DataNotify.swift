/// Finding and calling the data subscribers whose resolved value changed.
extension NodeCore {
  /// One subscriber and the slot it resolves to now.
  typealias DataDelivery = (subscriber: DataSubscriber, slot: SharedSlot?)

  /// Subscribers for `keyID` in this node's subtree, in preorder (children in mount order), with
  /// the slot each resolves to. Subtrees whose root has its own value for the key are skipped:
  /// they shadow this node. Each node is visited once, even when a diamond reaches it twice.
  func dataDeliveries(forKey keyID: Int) -> [DataDelivery] {
    var resolver = DataResolver(keyID: keyID)
    var out: [DataDelivery] = []
    walkSubtree { core in
      guard let data = core.data else { return true }
      if core !== self, data.slot(for: keyID) != nil { return false }
      guard data.hasSubscriber(for: keyID) else { return true }
      let slot = resolver.resolve(core)
      for subscriber in data.subscribers where subscriber.keyID == keyID {
        out.append((subscriber, slot))
      }
      return true
    }
    return out
  }

  /// Every data subscriber in this node's subtree, with the slot it resolves to now: used after
  /// a mount, an unmount or a deallocation changed which values the subtree can see.
  func dataDeliveriesForAllKeys() -> [DataDelivery] {
    var resolvers: [Int: DataResolver] = [:]
    var out: [DataDelivery] = []
    walkSubtree { core in
      guard let data = core.data else { return true }
      for subscriber in data.subscribers {
        var resolver =
          resolvers.removeValue(forKey: subscriber.keyID)
          ?? DataResolver(keyID: subscriber.keyID)
        out.append((subscriber, resolver.resolve(core)))
        resolvers[subscriber.keyID] = resolver
      }
      return true
    }
    return out
  }

  /// Visits this node and its descendants in preorder, children in mount order, each once;
  /// `visit` returns `false` to skip a node's children. Iterative: no recursion over depth.
  func walkSubtree(_ visit: (NodeCore) -> Bool) {
    var seen = Set<ObjectIdentifier>()
    var stack: ContiguousArray<NodeCore> = [self]
    while let core = stack.popLast() {
      guard seen.insert(ObjectIdentifier(core)).inserted else { continue }
      guard visit(core) else { continue }
      for child in core.children.reversed() where !seen.contains(ObjectIdentifier(child)) {
        stack.append(child)
      }
    }
  }

  /// Re-resolves the subtree after its view of the tree changed; a no-op (one comparison) when
  /// no data subscription exists anywhere, or, after a removal, none has a value to lose.
  func reresolveSharedData(afterRemoval: Bool = false) {
    guard afterRemoval ? DataState.resolvedCount > 0 : DataState.subscriberCount > 0 else { return }
    _ = Self.deliver(dataDeliveriesForAllKeys())
  }
}
