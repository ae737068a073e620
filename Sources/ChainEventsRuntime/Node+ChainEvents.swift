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
  /// request method returning an optional answers `nil`, so the request goes on up the path. Subscribing the same target again replaces its registrations.
  ///
  /// - Parameters:
  ///   - events: The protocol's generated event type, `P.Event.self`.
  ///   - target: An object conforming to the protocol; a value type is refused by the compiler,
  ///     as it has no identity to hold weakly.
  /// - Returns: One token that cancels every registration.
  @discardableResult
  public func subscribe<Events: ChainEventSet>(_ events: Events.Type, target: Events.Target)
    -> Subscription
  {
    Events.subscribe(target, on: self)
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
    Events.intercept(on: self, body)
  }
}
