extension Property where Value: Sendable {
  /// The property's value now, then after every write that notifies, as an asynchronous
  /// sequence.
  ///
  /// The first element is the current value; then each new value, in the order the writes
  /// happened, as ``observe(owner:_:)`` sees them (a silent or equal write yields nothing). The
  /// stream is unbounded: it never drops. It ends when the property, or its owner, is released.
  ///
  /// ```swift
  /// for await name in userName.values {
  ///   print("now \(name)")
  /// }
  /// ```
  public var values: ChainStream<Value> {
    let channel = StreamChannel<Value>(.unbounded)
    let feed = StreamFeed(channel, reportDrop: nil)
    feed.send(value)
    let token = observe { _, new in feed.send(new) }
    channel.endsRegistration(token)
    return ChainStream(channel)
  }
}
