// Listener and interceptor closures take the context and the payload. Without these overloads a
// closure with one parameter too few fails with a message about `EventContext` not conforming to
// `Copyable`, which names neither the arity nor the fix; an unavailable overload that takes the
// shorter closure is what the compiler picks instead, and its message says what to write. They
// never match a valid closure, so they do not make a correct call ambiguous, and they never run.

extension Node {
  /// Unavailable: a listener takes the context and the payload; see `on(_:capture:once:_:)`.
  @available(
    *, unavailable,
    message:
      "a listener takes two parameters, the context and the payload: write { ctx, params in … } (or { _, params in … })"
  )
  @discardableResult
  public func on<Payload>(
    _ key: EventKey<Payload>,
    capture: Bool = false,
    once: Bool = false,
    _ body: @escaping @MainActor (Payload) throws -> Void
  ) -> Subscription {
    fatalError("unavailable")
  }

  /// Unavailable: a listener takes the context and the params; see `on(_:capture:once:_:)`.
  @available(
    *, unavailable,
    message:
      "a listener takes two parameters, the context and the payload: write { ctx, params in … } (or { _, params in … })"
  )
  @discardableResult
  public func on(
    _ name: String,
    capture: Bool = false,
    once: Bool = false,
    _ body: @escaping @MainActor (Params) throws -> Void
  ) -> Subscription {
    fatalError("unavailable")
  }

  /// Unavailable: a target-bound listener takes three parameters; see `on(_:target:capture:_:)`.
  @available(
    *, unavailable,
    message:
      "a target-bound listener takes three parameters, the target, the context and the payload: write { target, ctx, params in … } (or { target, _, params in … })"
  )
  @discardableResult
  public func on<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>,
    target: Target,
    capture: Bool = false,
    _ body: @escaping @MainActor (Target, Payload) throws -> Void
  ) -> Subscription {
    fatalError("unavailable")
  }

  /// Unavailable: a listener takes the context and the payload; see `once(_:capture:_:)`.
  @available(
    *, unavailable,
    message:
      "a listener takes two parameters, the context and the payload: write { ctx, params in … } (or { _, params in … })"
  )
  @discardableResult
  public func once<Payload>(
    _ key: EventKey<Payload>,
    capture: Bool = false,
    _ body: @escaping @MainActor (Payload) throws -> Void
  ) -> Subscription {
    fatalError("unavailable")
  }

  /// Unavailable: an interceptor takes the context and the payload; see `intercept(_:_:)`.
  @available(
    *, unavailable,
    message:
      "an interceptor takes two parameters, the context and the payload (inout): write { ctx, payload in … } (or { _, payload in … })"
  )
  @discardableResult
  public func intercept<Payload>(
    _ key: EventKey<Payload>,
    _ body: @escaping @MainActor (inout Payload) throws -> Void
  ) -> Subscription {
    fatalError("unavailable")
  }

  /// Unavailable: an interceptor takes the context and the payload; see `intercept(_:_:)`.
  @available(
    *, unavailable,
    message:
      "an interceptor takes two parameters, the context and the payload (inout): write { ctx, payload in … } (or { _, payload in … })"
  )
  @discardableResult
  public func intercept<Payload, Response>(
    _ key: RequestKey<Payload, Response>,
    _ body: @escaping @MainActor (inout Payload) throws -> Void
  ) -> Subscription {
    fatalError("unavailable")
  }
}
