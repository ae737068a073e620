extension Property where Value: Sendable {
  /// The property's value now, then after every write that notifies, as an asynchronous
  /// sequence.
  ///
  /// The first element is the current value; then each new value, in the order the writes
  /// happened, as ``observe(_:)`` sees them (a silent or equal write yields nothing). Each
  /// call makes one stream with one observer of its own.
  ///
  /// ```swift
  /// for await name in userName.values() {
  ///   print("now \(name)")
  /// }
  /// ```
  ///
  /// With `userName` at `"ann"`, this prints `now ann` at once; setting it to `"bob"` prints
  /// `now bob`.
  ///
  /// The stream ends when the property is released, and when its owner is: a property its owner
  /// holds (`lazy var name = Property("", owner: self)`) goes with it; a property something else
  /// still holds, a consuming task for one, learns that its owner went at its next notifying
  /// write, which ends the stream instead of yielding (Swift tells nobody when an object
  /// deallocates, so no earlier moment exists). Either way the consumer gets what is buffered,
  /// then the loop ends.
  ///
  /// - Parameter bufferingPolicy: What to keep for a consumer that falls behind; drops are
  ///   counted in ``ChainStream/droppedCount`` (a property has no tracers to report them to).
  /// - Returns: A stream that ends its observer when its loop is left, its consuming task is
  ///   cancelled, or it is dropped unused; see ``ChainStream``.
  public func values(
    bufferingPolicy: ChainStream<Value>.BufferingPolicy = .unbounded
  ) -> ChainStream<Value> {
    let channel = StreamChannel<Value>(bufferingPolicy)
    let feed = StreamFeed(channel, drops: nil)
    feed.send(value)
    // NB: an owner gone already ends the stream after the current value: the feed goes here.
    guard isOwnerAlive else { return ChainStream(channel) }
    let token = observers.add(lifetime: owner) { _, new in feed.send(new) }.token()
    channel.endsRegistration(token)
    return ChainStream(channel)
  }
}
