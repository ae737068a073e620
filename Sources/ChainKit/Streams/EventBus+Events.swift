extension EventBus {
  /// Every event of exactly `type` published on this bus, as an asynchronous sequence.
  ///
  /// The stream subscribes at once, like ``subscribe(_:_:)-(_,(Event)throws->Void)``: if a
  /// producer is registered for `type`, its current value is the stream's first element (Tolo's
  /// rule); then every publish, in the order the main actor published them.
  ///
  /// ```swift
  /// for await tick in bus.events(of: Tick.self) {
  ///   print(tick.count)
  /// }
  /// ```
  ///
  /// With a producer of `Tick(count: 1)` registered, and `Tick(count: 2)` published later, this
  /// prints `1`, then `2`.
  ///
  /// - Parameters:
  ///   - type: The event type; subclasses and conforming types are not delivered.
  ///   - bufferingPolicy: What to keep for a consumer that falls behind; a drop is reported to
  ///     the bus's tracers.
  /// - Returns: A stream that ends its subscription when its loop is left, its consuming task
  ///   is cancelled, or it is dropped unused; see ``ChainStream``.
  @inlinable
  public func events<Event: Sendable>(
    of type: Event.Type, bufferingPolicy: ChainStream<Event>.BufferingPolicy = .unbounded
  ) -> ChainStream<Event> {
    // NB: inlinable, so that the caller's copy of the subscriber is specialised for its event
    // type, as `subscribe(_:_:)` is (`stream1.bus`).
    let feed = makeStreamFeed(of: type, bufferingPolicy)
    let token = subscribe(type) { event in feed.send(event) }
    feed.channel.endsRegistration(token)
    return ChainStream(feed.channel)
  }

  /// The producer's side of a stream of `type`, whose drops are reported to this bus's tracers.
  @usableFromInline
  func makeStreamFeed<Event: Sendable>(
    of type: Event.Type, _ bufferingPolicy: ChainStream<Event>.BufferingPolicy
  ) -> StreamFeed<Event> {
    let channel = StreamChannel<Event>(bufferingPolicy)
    var drops: StreamDropReport?
    if bufferingPolicy != .unbounded {
      drops = StreamDropReport(
        bus: self, key: String(describing: type), policy: bufferingPolicy.text)
    }
    return StreamFeed(channel, drops: drops)
  }
}
