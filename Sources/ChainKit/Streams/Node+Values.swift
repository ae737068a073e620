extension Node {
  /// The value nearest to this node for `key` now, then every time it changes, as an
  /// asynchronous sequence.
  ///
  /// The first element is the value resolved now (`nil` if no node on the path shares one);
  /// then each change ``subscribe(_:_:)`` reports: a share or removal here or above, or a mount,
  /// unmount or release that changes which node provides the value (`nil` when none is left).
  ///
  /// ```swift
  /// for await theme in panel.values(for: .theme) {
  ///   apply(theme ?? .standard)
  /// }
  /// ```
  ///
  /// With no theme shared on the panel's path, `apply` gets `.standard` at once; when a node
  /// above shares `.dark`, it gets `.dark`.
  ///
  /// - Parameters:
  ///   - key: The key to follow.
  ///   - bufferingPolicy: What to keep for a consumer that falls behind; a drop is reported to
  ///     the tracers on this node's path.
  /// - Returns: A stream that ends its subscription when its loop is left, its consuming task
  ///   is cancelled, or it is dropped unused; see ``ChainStream``.
  public func values<Value: Sendable>(
    for key: DataKey<Value>, bufferingPolicy: ChainStream<Value?>.BufferingPolicy = .unbounded
  ) -> ChainStream<Value?> {
    let (stream, feed) = makeStream(Value?.self, key: key.name, bufferingPolicy)
    if value(for: key) == nil { feed.send(nil) }
    let token = subscribe(key) { value in feed.send(value) }
    feed.channel.endsRegistration(token)
    return stream
  }
}
