public import ChainKit

/// The events of one `@ChainEvents` protocol: the enum the macro generates conforms to it.
///
/// Not meant to be conformed to by hand; its requirements are what ``ChainKit/Node``'s
/// `trigger(_:)`, `subscribe(_:target:)` and `intercept(_:_:)` call.
public protocol ChainEventSet: Sendable {
  /// The protocol's class-bound existential, `any P & AnyObject`: a subscriber conforms to `P`
  /// and is an object, which the compiler checks where `subscribe(_:target:)` is called.
  associatedtype Target
  /// The generated poster: a method per protocol method, posting or asking on one node.
  associatedtype Trigger

  /// A trigger that posts from `node`.
  @MainActor static func trigger(on node: Node) -> Trigger

  /// Registers `target` for every method of the protocol; one token cancels them all.
  @MainActor static func subscribe(_ target: Target, on node: Node) -> Subscription

  /// Registers `body` as an interceptor of every event of the protocol.
  @MainActor static func intercept(
    on node: Node, _ body: @escaping @MainActor (inout EventContext, inout Self) throws -> Void
  ) -> Subscription
}
