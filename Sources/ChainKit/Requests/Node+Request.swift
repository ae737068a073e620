// Requests: a post that wants an answer. A request walks the same path as an event (bubble
// order only) and stops at the first responder that answers; interceptors may rewrite its
// payload on the way, and stopping propagation ends the search.

extension Node {
  /// Registers a responder that answers `key` at this node, or declines with `nil`.
  ///
  /// It answers synchronously, given the request's context and payload; a responder that must
  /// await is registered with ``respondAsync(to:_:)`` instead.
  ///
  /// - Parameters:
  ///   - key: The request to answer.
  ///   - body: Returns a response, or `nil` to let the request go on up the path.
  /// - Returns: A token that removes the responder.
  @discardableResult
  public func respond<Payload, Response>(
    to key: RequestKey<Payload, Response>,
    _ body: @escaping @MainActor (inout EventContext, Payload) throws -> Response?
  ) -> Subscription {
    let box = ResponderBox(keyID: key.id, target: nil, body: body)
    core.add(box)
    return box.ticket
  }

  /// Registers a responder bound to `target`, which it holds weakly (Domino's target/action).
  ///
  /// The responder disappears when `target` deallocates. Registering the same target for the
  /// same key again replaces the earlier responder, as ``on(_:target:capture:_:)`` does for
  /// listeners.
  ///
  /// - Parameters:
  ///   - key: The request to answer.
  ///   - target: The object that answers; held weakly and passed to `body`.
  ///   - body: Returns a response, or `nil` to let the request go on up the path.
  /// - Returns: A token that removes the responder.
  @discardableResult
  public func respond<Payload, Response, Target: AnyObject>(
    to key: RequestKey<Payload, Response>,
    target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, Payload) throws -> Response?
  ) -> Subscription {
    var replaced: [Registration] = []
    core.registrations(for: key.id)?.responders.each { existing in
      if existing.isTargetBound, existing.target === target { replaced.append(existing) }
    }
    for existing in replaced { existing.cancel() }
    let box = ResponderBox<Payload, Response>(keyID: key.id, target: target) {
      [weak target] ctx, payload in
      guard let target else { return nil }
      return try body(target, &ctx, payload)
    }
    core.add(box)
    return box.ticket
  }

  /// Asks the path for an answer: the first responder to return one wins and ends the walk.
  ///
  /// The request visits this node, then its ancestors in path order, synchronously on the
  /// caller, whatever the delivery modes of ordinary listeners. At each node, interceptors run
  /// before responders. A responder that throws is skipped (its error is in the trace). An async
  /// responder (``respondAsync(to:_:)``) cannot be awaited here, so it is passed by as if it had
  /// declined; ask with ``RemoteNode/request(_:_:)`` to reach it.
  ///
  /// - Parameters:
  ///   - key: The request's key.
  ///   - payload: The request's payload.
  /// - Returns: The first response, or `nil` if every responder declined or there is none.
  @inlinable
  public func request<Payload, Response>(
    _ key: RequestKey<Payload, Response>, _ payload: Payload
  ) -> Response? {
    var answer: Response?
    _ = core.walkRequest(keyID: key.id, key: key.name, payload: payload) { (response: Response) in
      answer = response
      return false
    }
    return answer
  }

  /// Asks a request that carries no payload.
  ///
  /// - Parameter key: The request's key.
  /// - Returns: The first response, or `nil`.
  @inlinable
  public func request<Response>(_ key: RequestKey<Void, Response>) -> Response? {
    request(key, ())
  }

  /// Collects every responder's answer on the path, in path order.
  ///
  /// - Parameters:
  ///   - key: The request's key.
  ///   - payload: The request's payload.
  /// - Returns: Every non-`nil` response, nearest first.
  @inlinable
  public func requestAll<Payload, Response>(
    _ key: RequestKey<Payload, Response>, _ payload: Payload
  ) -> [Response] {
    var answers: [Response] = []
    _ = core.walkRequest(keyID: key.id, key: key.name, payload: payload) { (response: Response) in
      answers.append(response)
      return true
    }
    return answers
  }
}
