// Node streams: an ordinary listener whose body hands each payload to a `StreamChannel`. Being a
// listener, it obeys every dispatch rule (snapshots, phases, stops, removal at once), and its
// token ends when the stream's consumer goes.

extension Node {
  /// The payloads of every dispatch of `key` that reaches this node, as an asynchronous sequence.
  ///
  /// The stream installs a listener here at once, in registration order among the node's other
  /// listeners; it behaves like any listener (a dispatch under way does not see it, a stop before
  /// it keeps the event from it, removing it takes effect at once). Payloads are yielded as this
  /// node sees them (after its interceptors), in the order the main actor dispatched them.
  ///
  /// ```swift
  /// for await index in list.events(for: .itemClicked) {
  ///   print("clicked \(index)")
  /// }
  /// ```
  ///
  /// Posting `.itemClicked` with 3 at `list`, or at a node below it, prints `clicked 3`; the loop
  /// goes on until its task is cancelled or `list` is released.
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - phase: `.bubble` (the default) hears the event here as a bubble listener does (at the
  ///     target, and on the way up if the key bubbles); `.capture` as a capture listener does (on
  ///     the way down, and at the target first); `.target` only when this node is the target.
  ///   - bufferingPolicy: What to keep for a consumer that falls behind; see
  ///     ``ChainStream/BufferingPolicy``.
  /// - Returns: A stream that ends its listener when its loop is left, its consuming task
  ///   is cancelled, or it is dropped unused; see ``ChainStream``.
  @inlinable
  public func events<Payload: Sendable>(
    for key: EventKey<Payload>, phase: Phase = .bubble,
    bufferingPolicy: ChainStream<Payload>.BufferingPolicy = .unbounded
  ) -> ChainStream<Payload> {
    // NB: inlinable, so that the caller's copy of the listener is specialised for its payload
    // type: unspecialised, handing each payload to the stream looked up generic metadata at run
    // time (`streamIdle.stream`).
    let (stream, feed) = makeStream(Payload.self, key: key.name, bufferingPolicy)
    // NB: a listener per case rather than one that asks every time whether it hears only at the
    // target: the question is settled here, once.
    if phase == .target {
      listen(for: key, phase: phase, feed: feed) { ctx, payload in
        if ctx.phase == .target { feed.send(payload) }
      }
    } else {
      listen(for: key, phase: phase, feed: feed) { _, payload in feed.send(payload) }
    }
    return stream
  }

  /// Every dispatch of `key` that reaches this node, with the facts of its delivery (phase,
  /// target name, node name, dispatch id), as an asynchronous sequence.
  ///
  /// Follows the rules of ``events(for:phase:bufferingPolicy:)``; each element is a
  /// ``DeliveredEvent`` taken when the event reached this node.
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - phase: `.bubble`, `.capture` or `.target`, as in ``events(for:phase:bufferingPolicy:)``.
  ///   - bufferingPolicy: What to keep for a consumer that falls behind.
  /// - Returns: A stream of delivered events; see ``ChainStream``.
  public func deliveredEvents<Payload: Sendable>(
    for key: EventKey<Payload>, phase: Phase = .bubble,
    bufferingPolicy: ChainStream<DeliveredEvent<Payload>>.BufferingPolicy = .unbounded
  ) -> ChainStream<DeliveredEvent<Payload>> {
    let (stream, feed) = makeStream(DeliveredEvent<Payload>.self, key: key.name, bufferingPolicy)
    let onlyAtTarget = phase == .target
    listen(for: key, phase: phase, feed: feed) { ctx, payload in
      if onlyAtTarget, ctx.phase != .target { return }
      feed.send(DeliveredEvent(ctx, payload: payload))
    }
    return stream
  }

  /// A stream whose drops are reported to the tracers on this node's path.
  @usableFromInline
  func makeStream<Element: Sendable>(
    _: Element.Type, key: String, _ policy: ChainStream<Element>.BufferingPolicy
  ) -> (ChainStream<Element>, StreamFeed<Element>) {
    let channel = StreamChannel<Element>(policy)
    var drops: StreamDropReport?
    if policy != .unbounded {
      drops = StreamDropReport(node: core, name: name, key: key, policy: policy.text)
    }
    return (ChainStream(channel), StreamFeed(channel, drops: drops))
  }

  /// Installs the listener behind a stream and ties its token to the stream's consumer.
  @usableFromInline
  func listen<Payload, Element>(
    for key: EventKey<Payload>, phase: Phase, feed: StreamFeed<Element>,
    _ body: @escaping @MainActor (inout EventContext, Payload) -> Void
  ) {
    let box = ListenerBox<Payload>(
      keyID: key.id, capture: phase == .capture, once: false, target: nil, body: body)
    core.add(box)
    feed.channel.endsRegistration(box.ticket)
  }
}
