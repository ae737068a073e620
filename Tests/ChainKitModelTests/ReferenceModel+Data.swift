/// Rules 26-29: values shared down, resolved to the nearest, delivered on change.
extension ReferenceModel {
  func share(_ id: Int, _ key: DataName, _ value: Int) {
    holding([id]) { nodes in
      shareStamp += 1
      nodes[0].shares[key] = ModelNode.Share(stamp: shareStamp, value: value)
      deliver(subscribers(below: nodes[0], sharing: key), name: key.rawValue)
    }
  }

  func unshare(_ id: Int, _ key: DataName) {
    holding([id]) { nodes in
      guard nodes[0].shares.removeValue(forKey: key) != nil else { return }
      deliver(subscribers(below: nodes[0], sharing: key), name: key.rawValue)
    }
  }

  func read(_ id: Int, _ key: DataName) -> Int? {
    holding([id]) { resolve(key, at: $0[0])?.value }
  }

  func subscribe(_ node: Int, _ key: DataName, id: Int, script: Script) {
    register(.subscriber(key), at: node, registration: id, script: script) { subscriber in
      guard let node = subscriber.node, let share = resolve(key, at: node) else { return }
      // The first call is a delivery like any other (rule 14's one guard).
      guard mayNest else { return hitLimit(key.rawValue) }
      depth += 1
      defer { leaveLevel() }
      subscriber.heard = share.stamp
      call(subscriber, at: node, with: share.value)
    }
  }

  /// Rule 26: the node's own value, else the first on its path.
  func resolve(_ key: DataName, at node: ModelNode) -> ModelNode.Share? {
    path(of: node).nodes.lazy.compactMap { $0.shares[key] }.first
  }

  /// Rule 27: the subscribers to `key` in the node's subtree, in preorder (children in mount
  /// order, each node once), leaving out subtrees whose root shares `key` itself.
  func subscribers(below root: ModelNode, sharing key: DataName) -> [ModelRegistration] {
    preorder(from: root) { $0 !== root && $0.shares[key] != nil }.flatMap { node in
      node.live { $0.kind == .subscriber(key) }
    }
  }

  /// Rule 28: every subscriber in the node's subtree, in preorder, for a change of topology.
  func subscribers(below root: ModelNode) -> [ModelRegistration] {
    preorder(from: root) { _ in false }.flatMap { node in
      node.live {
        if case .subscriber = $0.kind { return true }
        return false
      }
    }
  }

  private func preorder(from root: ModelNode, skipping: (ModelNode) -> Bool) -> [ModelNode] {
    var visited: [ModelNode] = []
    func visit(_ node: ModelNode) {
      guard !skipping(node), !visited.contains(where: { $0 === node }) else { return }
      visited.append(node)
      for child in node.children { visit(child) }
    }
    visit(root)
    return visited
  }

  /// One delivery pass over a snapshot of subscribers: each is resolved when its turn comes and
  /// called if what it resolves to is not what it last heard.
  ///
  /// A refused pass names its key (a share's or a subscription's), or `data` for a change of
  /// topology, which concerns every key at once: ChainKit's names.
  func deliver(_ subscribers: [ModelRegistration], name: String = "data") {
    guard subscribers.contains(where: isStale) else { return }
    guard mayNest else { return hitLimit(name) }
    depth += 1
    defer { leaveLevel() }
    for subscriber in subscribers where isStale(subscriber) {
      guard let node = subscriber.node else { continue }
      let share = resolve(subscriberKey(subscriber), at: node)
      subscriber.heard = share?.stamp
      call(subscriber, at: node, with: share?.value)
    }
  }

  private func isStale(_ subscriber: ModelRegistration) -> Bool {
    guard !subscriber.isRemoved, let node = subscriber.node, node.isAlive else { return false }
    return resolve(subscriberKey(subscriber), at: node)?.stamp != subscriber.heard
  }

  private func subscriberKey(_ subscriber: ModelRegistration) -> DataName {
    guard case .subscriber(let key) = subscriber.kind else { preconditionFailure("a subscriber") }
    return key
  }

  private func call(_ subscriber: ModelRegistration, at node: ModelNode, with value: Int?) {
    let call = Call(kind: .data, registration: subscriber.id, node: node.name, value: value)
    _ = host?.react(call, script: subscriber.script)
  }
}
