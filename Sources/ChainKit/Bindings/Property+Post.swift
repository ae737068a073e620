extension Property {
  /// Posts an event from `node` with the new value after each change of this property.
  ///
  /// A write of a value equal to the current one posts nothing. The registration holds `node`
  /// weakly and ends when `node` deallocates.
  ///
  /// - Parameters:
  ///   - node: The node the event is posted to; it bubbles from there.
  ///   - key: The event's key; its payload is the new value.
  /// - Returns: A token that stops the posting.
  @discardableResult
  public func post(on node: Node, _ key: EventKey<Value>) -> Subscription
  where Value: Equatable {
    observe(owner: node) { node, old, new in
      guard old != new else { return }
      node.post(key, new)
    }
  }
}
