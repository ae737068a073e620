// Events: keys, the context, outcomes, params, listening, handler tables and each node's
// registrations per key (`KeyedRegistrations`): what a listener is and how it is registered.
// Posting lives with dispatch (Dispatch/Node+Post.swift), so that a post's path goes through
// Dispatch and the guard (Runtime) before it reaches a listener's code here.

extension Node {
  /// Registers a listener for `key` at this node.
  ///
  /// Listeners at a node run in registration order. A listener added while an event is at this
  /// node runs from the next event; one cancelled during a dispatch never runs again.
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - capture: `true` to run on the way down (capture phase) instead of on the way up.
  ///   - once: `true` to remove the listener before its first call.
  ///   - body: The listener; it may stop propagation, prevent the default, post, or throw (the
  ///     error lands in the poster's ``Outcome`` and the others still run).
  /// - Returns: A token that cancels the listener; dropping it does not.
  @discardableResult
  public func on<Payload>(
    _ key: EventKey<Payload>,
    capture: Bool = false,
    once: Bool = false,
    _ body: @escaping @MainActor (inout EventContext, Payload) throws -> Void
  ) -> Subscription {
    let box = ListenerBox(keyID: key.id, capture: capture, once: once, target: nil, body: body)
    core.add(box)
    return box.ticket
  }

  /// Registers a listener bound to `target`, which it holds weakly (Domino's target/action).
  ///
  /// The listener disappears when `target` deallocates. Registering the same target for the same
  /// key and phase again replaces the earlier registration: it is cancelled (its token turns
  /// inactive) and the new one is added last, so there is no moment when both run.
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to run in the capture phase.
  ///   - body: The listener, given the target, the context and the payload.
  /// - Returns: A token that cancels the listener.
  @discardableResult
  public func on<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>,
    target: Target,
    capture: Bool = false,
    _ body: @escaping @MainActor (Target, inout EventContext, Payload) throws -> Void
  ) -> Subscription {
    addTargetListener(key, target: target, capture: capture, once: false, body)
  }

  /// Registers a listener for the named event `name`, whose payload is a ``Params`` bag.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - capture: `true` to run in the capture phase.
  ///   - once: `true` to remove the listener before its first call.
  ///   - body: The listener, given the context and the params.
  /// - Returns: A token that cancels the listener.
  @discardableResult
  public func on(
    _ name: String,
    capture: Bool = false,
    once: Bool = false,
    _ body: @escaping @MainActor (inout EventContext, Params) throws -> Void
  ) -> Subscription {
    on(EventKey<Params>(name), capture: capture, once: once, body)
  }

  /// Registers a listener for the named event `name`, bound to `target`, which it holds weakly
  /// (the router's handler at the level of an object).
  ///
  /// The same lifetime as the typed ``on(_:target:capture:_:)``: the listener disappears when
  /// `target` deallocates, and registering the same target for the same name and phase again
  /// replaces the earlier registration.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to run in the capture phase.
  ///   - body: The listener, given the target, the context and the params.
  /// - Returns: A token that cancels the listener.
  @discardableResult
  public func on<Target: AnyObject>(
    _ name: String,
    target: Target,
    capture: Bool = false,
    _ body: @escaping @MainActor (Target, inout EventContext, Params) throws -> Void
  ) -> Subscription {
    on(EventKey<Params>(name), target: target, capture: capture, body)
  }

  /// Registers a listener that runs once, then is removed (before it is called).
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - capture: `true` to run in the capture phase.
  ///   - body: The listener.
  /// - Returns: A token that cancels the listener if it has not run yet.
  @discardableResult
  public func once<Payload>(
    _ key: EventKey<Payload>,
    capture: Bool = false,
    _ body: @escaping @MainActor (inout EventContext, Payload) throws -> Void
  ) -> Subscription {
    on(key, capture: capture, once: true, body)
  }

  /// Registers a listener bound to `target`, which it holds weakly, that runs once, then is
  /// removed (before it is called).
  ///
  /// It is removed at its first call or when `target` deallocates, whichever comes first.
  /// Registering the same target for the same key and phase again replaces it, as for
  /// ``on(_:target:capture:_:)``.
  ///
  /// - Parameters:
  ///   - key: The event to listen for.
  ///   - target: The object the listener works on; held weakly and passed to `body`.
  ///   - capture: `true` to run in the capture phase.
  ///   - body: The listener, given the target, the context and the payload.
  /// - Returns: A token that cancels the listener if it has not run yet.
  @discardableResult
  public func once<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>,
    target: Target,
    capture: Bool = false,
    _ body: @escaping @MainActor (Target, inout EventContext, Payload) throws -> Void
  ) -> Subscription {
    addTargetListener(key, target: target, capture: capture, once: true, body)
  }

  /// Adds a listener bound to `target`, held weakly and handed to `body`, in place of the
  /// target's earlier one for the key and phase: the body of `on` and `once` with a target.
  private func addTargetListener<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>, target: Target, capture: Bool, once: Bool,
    _ body: @escaping @MainActor (Target, inout EventContext, Payload) throws -> Void
  ) -> Subscription {
    cancelListeners(of: target, keyID: key.id, capture: capture)
    let box = ListenerBox<Payload>(keyID: key.id, capture: capture, once: once, target: target) {
      [weak target] ctx, payload in
      guard let target else { return }
      try body(target, &ctx, payload)
    }
    core.add(box)
    return box.ticket
  }

  /// Cancels the listeners bound to `target` for `keyID` in that phase: one target has one
  /// listener per key and phase, whatever its delivery mode, and the newest replaces the others.
  func cancelListeners(of target: AnyObject, keyID: Int, capture: Bool) {
    var replaced: [Registration] = []
    core.registrations(for: keyID)?.listeners.each { existing in
      if existing.capture == capture, existing.isTargetBound, existing.target === target {
        replaced.append(existing)
      }
    }
    for existing in replaced { existing.cancel() }
  }
}
