extension Property {
  /// Shares this property's value down `node`'s subtree under `key`, now and after each change.
  ///
  /// Descendants that subscribe to `key` see the current value at once and every change after
  /// it (rules 26-28). A write of an equal value shares nothing. The bridge holds `node` weakly;
  /// cancelling the token (or deallocating `node`) ends it, and cancelling also removes the
  /// shared value, so descendants re-resolve to whatever an ancestor shares, if anything.
  ///
  /// - Parameters:
  ///   - node: The node whose subtree sees the value.
  ///   - key: The data key to share under.
  /// - Returns: A token that ends the sharing.
  @discardableResult
  public func share(on node: Node, as key: DataKey<Value>) -> Subscription
  where Value: Equatable {
    node.share(value, for: key)
    let observation = observe(owner: node) { node, old, new in
      guard old != new else { return }
      node.share(new, for: key)
    }
    observation.onCancel { [weak node] in node?.removeShared(key) }
    return observation
  }
}
