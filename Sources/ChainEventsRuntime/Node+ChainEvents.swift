public import ChainKit

extension Node {
  /// A poster for a `@ChainEvents` protocol's events: a method per protocol method.
  ///
  /// `node.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 2)` posts exactly
  /// what `node.post(ContentEvents.Keys.contentDidLoad, .init(arg1: "x", arg2: 2))` posts and
  /// returns its ``Outcome``; a method that returns a value asks with ``request(_:_:)`` and
  /// returns the first answer, or `nil`.
  ///
  /// - Parameter events: The protocol's generated event type, `P.Event.self`.
  /// - Returns: The trigger.
  public func trigger<Events: ChainEventSet>(_ events: Events.Type) -> Events.Trigger {
    Events.trigger(on: self)
  }

  /// Registers `target` for each method of a `@ChainEvents` protocol: a listener per event
  /// method, a responder per request method, all bound to `target` (held weakly).
  ///
  /// A method left to a default of `P.Partial` declines: an event method does nothing and a
  /// request method returning an optional answers `nil`, so the request goes on up the path.
  /// Subscribing the same target again replaces its registrations, whatever their delivery.
  ///
  /// With `delivery: .nextTurn` the event methods are called on the main actor's next turn,
  /// after the post returned, as a target-bound `.nextTurn` listener's are; request methods
  /// still answer during the dispatch that asks them.
  ///
  /// ```swift
  /// node.subscribe(ContentViewControllerEvents.Event.self, target: self, delivery: .nextTurn)
  /// ```
  ///
  /// - Parameters:
  ///   - events: The protocol's generated event type, `P.Event.self`.
  ///   - target: An object conforming to the protocol; a value type is refused by the compiler,
  ///     as it has no identity to hold weakly.
  ///   - delivery: When the event methods are called: ``ChainEventsDelivery/immediate``, during
  ///     the dispatch (the default), or ``ChainEventsDelivery/nextTurn``.
  /// - Returns: One token that cancels every registration (and the calls still queued).
  @discardableResult
  public func subscribe<Events: ChainEventSet>(
    _ events: Events.Type, target: Events.Target, delivery: ChainEventsDelivery = .immediate
  ) -> Subscription {
    Events.subscribe(target, on: self, delivery: delivery)
  }

  /// Registers an interceptor for every event of a `@ChainEvents` protocol.
  ///
  /// `body` sees each event as a case of the generated enum, with its arguments, and may rewrite
  /// them (Domino's `reformDominoParams:forSelectorEvent:`); what it leaves in the enum is what
  /// this node's listeners and the later nodes see. Changing the case is refused: the event is
  /// left as it was and ``ChainEventsError/caseChanged(event:to:)`` lands in the outcome.
  ///
  /// - Parameters:
  ///   - events: The protocol's generated event type, `P.Event.self`.
  ///   - body: Receives the event `inout`.
  /// - Returns: One token that removes every interceptor.
  @discardableResult
  public func intercept<Events: ChainEventSet>(
    _ events: Events.Type,
    _ body: @escaping @MainActor (inout EventContext, inout Events) throws -> Void
  ) -> Subscription {
    Events.intercept(on: self, target: nil, body)
  }

  /// Registers an interceptor for every event of a `@ChainEvents` protocol, bound to `target`,
  /// which it holds weakly (Domino's `reformDominoParams:forSelectorEvent:` in the object that
  /// reforms them).
  ///
  /// It runs where `intercept(_:_:)` runs and may rewrite the same way; it disappears when
  /// `target` deallocates. The target is handed to `body`, so the interceptor need not capture
  /// it.
  ///
  /// - Parameters:
  ///   - events: The protocol's generated event type, `P.Event.self`.
  ///   - target: The object the interceptor works on; held weakly.
  ///   - body: Given the target, the context and the event `inout`.
  /// - Returns: One token that removes every interceptor.
  @discardableResult
  public func intercept<Events: ChainEventSet, Target: AnyObject>(
    _ events: Events.Type, target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, inout Events) throws -> Void
  ) -> Subscription {
    Events.intercept(on: self, target: target) { [weak target] ctx, event in
      guard let target else { return }
      try body(target, &ctx, &event)
    }
  }
}
