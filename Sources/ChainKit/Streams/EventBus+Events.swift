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
    var reportDrop: (@MainActor (Int) -> Void)?
    if bufferingPolicy != .unbounded {
      let typeName = String(describing: type)
      // Unretained: the feed lives in a subscriber of this bus and reports only while the bus
      // publishes to it; retaining the bus from its own subscriber would keep it alive for ever.
      let bus = Unretained(self)
      reportDrop = { total in
        let bus = bus.object
        guard bus.isTraced else { return }
        bus.trace(
          .streamDrop(
            source: bus.name, key: typeName, policy: bufferingPolicy.text, dropped: total))
      }
    }
    return StreamFeed(channel, reportDrop: reportDrop)
  }
}
