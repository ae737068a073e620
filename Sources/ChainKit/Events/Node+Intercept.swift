extension Node {
  /// Registers an interceptor that may rewrite `key`'s payload as the event passes this node.
  ///
  /// Interceptors belong to the upward walk: at the target and at each ancestor the event bubbles
  /// through, they run before that node's listeners. The rewritten payload is what this node and
  /// every later node on the path see; nodes already passed (and capture listeners) saw the
  /// original. A trace records the payload before and after.
  ///
  /// - Parameters:
  ///   - key: The event to intercept.
  ///   - body: Receives the payload `inout`; it may also stop or prevent through the context.
  /// - Returns: A token that removes the interceptor.
  @discardableResult
  public func intercept<Payload>(
    _ key: EventKey<Payload>,
    _ body: @escaping @MainActor (inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    addInterceptor(keyID: key.id, body)
  }

  /// Registers an interceptor for a request's payload; it runs before this node's responders.
  ///
  /// - Parameters:
  ///   - key: The request to intercept.
  ///   - body: Receives the payload `inout`.
  /// - Returns: A token that removes the interceptor.
  @discardableResult
  public func intercept<Payload, Response>(
    _ key: RequestKey<Payload, Response>,
    _ body: @escaping @MainActor (inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    addInterceptor(keyID: key.id, body)
  }

  /// Registers an interceptor bound to `target`, which it holds weakly (Domino's
  /// `reformDominoParams:` in the object that reforms them).
  ///
  /// It runs where ``intercept(_:_:)-(EventKey<Payload>,_)`` runs, and disappears when `target`
  /// deallocates. The target is handed to `body`, so the interceptor need not capture it.
  ///
  /// - Parameters:
  ///   - key: The event to intercept.
  ///   - target: The object the interceptor works on; held weakly.
  ///   - body: Given the target, the context and the payload `inout`.
  /// - Returns: A token that removes the interceptor.
  @discardableResult
  public func intercept<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>, target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    addInterceptor(keyID: key.id, target: target, body)
  }

  /// Registers an interceptor for a request's payload, bound to `target`, which it holds weakly.
  ///
  /// - Parameters:
  ///   - key: The request to intercept.
  ///   - target: The object the interceptor works on; held weakly.
  ///   - body: Given the target, the context and the payload `inout`.
  /// - Returns: A token that removes the interceptor.
  @discardableResult
  public func intercept<Payload, Response, Target: AnyObject>(
    _ key: RequestKey<Payload, Response>, target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    addInterceptor(keyID: key.id, target: target, body)
  }

  /// Adds an interceptor for `keyID`, an event's or a request's: one body for both families.
  private func addInterceptor<Payload>(
    keyID: Int, _ body: @escaping @MainActor (inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    let box = InterceptorBox(keyID: keyID, body: body)
    core.add(box)
    return box.ticket
  }

  /// Adds an interceptor for `keyID` bound to `target`, held weakly and handed to `body`.
  private func addInterceptor<Payload, Target: AnyObject>(
    keyID: Int, target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, inout Payload) throws -> Void
  ) -> Subscription {
    let box = InterceptorBox<Payload>(keyID: keyID, target: target) {
      [weak target] ctx, payload in
      guard let target else { return }
      try body(target, &ctx, &payload)
    }
    core.add(box)
    return box.ticket
  }

  /// Adds keys to a named event's params as it passes this node (the router's decorator).
  ///
  /// The root sees every key added on the way up.
  ///
  /// - Parameters:
  ///   - name: The named event to decorate.
  ///   - body: Edits the params.
  /// - Returns: A token that removes the decorator.
  @discardableResult
  public func decorate(
    _ name: String,
    _ body: @escaping @MainActor (inout Params) -> Void
  ) -> Subscription {
    intercept(EventKey<Params>(name)) { _, params in body(&params) }
  }

  /// Adds keys to a named event's params as it passes this node, on behalf of `target`, which it
  /// holds weakly (the router's decorator in an object).
  ///
  /// The decorator disappears when `target` deallocates; the target is handed to `body`.
  ///
  /// - Parameters:
  ///   - name: The named event to decorate.
  ///   - target: The object the decorator works on; held weakly.
  ///   - body: Given the target; edits the params.
  /// - Returns: A token that removes the decorator.
  @discardableResult
  public func decorate<Target: AnyObject>(
    _ name: String, target: Target,
    _ body: @escaping @MainActor (Target, inout Params) -> Void
  ) -> Subscription {
    intercept(EventKey<Params>(name), target: target) { target, _, params in
      body(target, &params)
    }
  }
}
