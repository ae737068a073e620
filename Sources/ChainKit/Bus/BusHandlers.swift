/// The handlers one owner subscribes to a bus in one call (Otto's `register(this)`): see
/// ``EventBus/subscribe(owner:_:)``.
///
/// Each handler is an owner-bound subscription of its own; several may take the same event type.
/// The producers' first values are handed out after every handler is in place, in the order the
/// handlers were added, so a handler that ends its owner's subscriptions during one of them
/// (``EventBus/unsubscribe(owner:)``) stops the others from hearing it.
@MainActor
public final class BusHandlers<Owner: AnyObject> {
  private let bus: EventBus
  private weak var owner: Owner?
  fileprivate var tokens: [Subscription] = []
  /// Hands each new handler its producer's current value, once every handler is in place.
  fileprivate var firstValues: [@MainActor () -> Void] = []

  fileprivate init(bus: EventBus, owner: Owner) {
    self.bus = bus
    self.owner = owner
  }

  /// Adds a handler of the owner for events of exactly `type`.
  ///
  /// - Parameters:
  ///   - type: The event type; subclasses and conforming types are not delivered.
  ///   - body: The handler, given the owner and the event; it may publish or throw, as any
  ///     subscriber may.
  public func subscribe<Event>(
    _ type: Event.Type, _ body: @escaping @MainActor (Owner, Event) throws -> Void
  ) {
    guard let owner else { return }
    let bus = self.bus
    let slot = bus.makeSlot(for: type)
    let subscriber = BusSubscriber<Event>(owner: owner, slot: slot) { [weak owner] event in
      guard let owner else { return }
      try body(owner, event)
    }
    tokens.append(subscriber.ticket)
    slot.append(subscriber)
    firstValues.append { [weak subscriber] in
      // A handler cancelled by an earlier one's first delivery hears nothing.
      guard let subscriber, subscriber.isActive else { return }
      bus.handProducerValue(to: subscriber, in: slot)
    }
  }
}

extension EventBus {
  /// Subscribes several handlers on behalf of `owner` in one call, then hands each its
  /// producer's current value (Otto's `register(this)`).
  ///
  /// `owner` is held weakly and handed to every handler; its subscriptions end together when it
  /// deallocates, when the returned token is cancelled, or at ``unsubscribe(owner:)``. Every
  /// handler is in place before any producer's value is handed out, so a handler that
  /// unsubscribes its owner during that first delivery stops the owner's other handlers from
  /// hearing the produced value and every later event.
  ///
  /// ```swift
  /// bus.subscribe(owner: catcher) { handlers in
  ///   handlers.subscribe(String.self) { [unowned bus] catcher, text in
  ///     catcher.heard.append("first: \(text)")
  ///     bus.unsubscribe(owner: catcher)
  ///   }
  ///   handlers.subscribe(String.self) { catcher, text in
  ///     catcher.heard.append("second: \(text)")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - owner: The object the subscriptions belong to.
  ///   - build: Adds the handlers; it runs at once, before `subscribe` returns.
  /// - Returns: A token that cancels every handler it added.
  @discardableResult
  public func subscribe<Owner: AnyObject>(
    owner: Owner, _ build: (BusHandlers<Owner>) -> Void
  ) -> Subscription {
    let handlers = BusHandlers(bus: self, owner: owner)
    build(handlers)
    let token = Subscription.combining(handlers.tokens)
    for handOut in handlers.firstValues { handOut() }
    return token
  }
}
