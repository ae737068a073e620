public import ChainKit

/// The events of one `@ChainEvents` protocol: the enum the macro generates conforms to it.
///
/// Not meant to be conformed to by hand; its requirements are what ``ChainKit/Node``'s
/// `trigger(_:)`, `subscribe(_:target:delivery:)` and `intercept(_:_:)` call.
public protocol ChainEventSet: Sendable {
  /// The protocol's class-bound existential, `any P & AnyObject`: a subscriber conforms to `P`
  /// and is an object, which the compiler checks where `subscribe(_:target:delivery:)` is called.
  associatedtype Target
  /// The generated poster: a method per protocol method, posting or asking on one node.
  associatedtype Trigger

  /// A trigger that posts from `node`.
  @MainActor static func trigger(on node: Node) -> Trigger

  /// Registers `target` for every method of the protocol; one token cancels them all.
  ///
  /// `delivery` says when the event methods are called; request methods answer during the
  /// dispatch that asks them.
  @MainActor static func subscribe(
    _ target: Target, on node: Node, delivery: ChainEventsDelivery
  ) -> Subscription

  /// Registers `body` as an interceptor of every event of the protocol, bound to `target`
  /// (held weakly) when there is one.
  @MainActor static func intercept(
    on node: Node, target: AnyObject?,
    _ body: @escaping @MainActor (inout EventContext, inout Self) throws -> Void
  ) -> Subscription
}

extension ChainEventSet {
  /// Registers `body` as an interceptor of `key` at `node`, bound to `target` when there is one:
  /// what the generated `intercept(on:target:_:)` calls for each event method.
  ///
  /// - Parameters:
  ///   - key: The event method's key.
  ///   - target: The object the interceptor is bound to (held weakly: the interceptor goes when
  ///     it deallocates), or `nil` for an interceptor that lives as long as `node`.
  ///   - node: The node to register at.
  ///   - body: Receives the payload `inout`.
  /// - Returns: A token that removes the interceptor.
  @MainActor
  public static func intercept<Payload>(
    _ key: EventKey<Payload>, target: AnyObject?, on node: Node,
    _ body: @escaping @MainActor (inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    guard let target else { return node.intercept(key, body) }
    return node.intercept(key, target: target) { _, ctx, payload in try body(&ctx, &payload) }
  }

  /// Registers `body` as an interceptor of the request `key` at `node`, bound to `target` when
  /// there is one: what the generated `intercept(on:target:_:)` calls for each request method.
  ///
  /// - Parameters:
  ///   - key: The request method's key.
  ///   - target: The object the interceptor is bound to (held weakly: the interceptor goes when
  ///     it deallocates), or `nil` for an interceptor that lives as long as `node`.
  ///   - node: The node to register at.
  ///   - body: Receives the payload `inout`.
  /// - Returns: A token that removes the interceptor.
  @MainActor
  public static func intercept<Payload, Response>(
    _ key: RequestKey<Payload, Response>, target: AnyObject?, on node: Node,
    _ body: @escaping @MainActor (inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    guard let target else { return node.intercept(key, body) }
    return node.intercept(key, target: target) { _, ctx, payload in try body(&ctx, &payload) }
  }
}
