extension Hook {
  /// Posts an event from `node` with the result after each call of this hook.
  ///
  /// The registration holds `node` weakly and ends when `node` deallocates.
  ///
  /// - Parameters:
  ///   - node: The node the event is posted to.
  ///   - key: The event's key; its payload is the call's result.
  /// - Returns: A token that stops the posting.
  @discardableResult
  public func post(on node: Node, _ key: EventKey<Result>) -> Subscription {
    post(on: node, key) { _, result in result }
  }

  /// Posts an event from `node` after each call of this hook, with a payload made from the
  /// call's arguments and result.
  ///
  /// - Parameters:
  ///   - node: The node the event is posted to.
  ///   - key: The event's key.
  ///   - payload: Makes the payload from the arguments and the result.
  /// - Returns: A token that stops the posting.
  @discardableResult
  public func post<Payload>(
    on node: Node, _ key: EventKey<Payload>,
    payload: @escaping @MainActor (Args, Result) -> Payload
  ) -> Subscription {
    observe(owner: node) { node, args, result in
      node.post(key, payload(args, result))
    }
  }
}
