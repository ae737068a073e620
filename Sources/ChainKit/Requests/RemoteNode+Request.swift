// Requests from any isolation: the request joins the one queue into the main actor (so it sees
// everything the asking thread posted before it), walks the path there synchronously, and, when
// the walk ends at an async responder, runs that responder in a main-actor task the asker awaits.

extension RemoteNode {
  /// Asks the node's path for an answer from any actor, task or thread, and awaits it.
  ///
  /// The request joins the queue ``post(_:_:)`` uses, so it reaches the main actor after
  /// everything this thread posted before it. There it walks the path as ``Node/request(_:_:)``
  /// does: interceptors before responders, the first responder to answer wins, and the
  /// responders after it are not called. If the walk ends at an async responder
  /// (``Node/respondAsync(to:_:)``), the request awaits that
  /// responder's answer while the main actor goes on with other work.
  ///
  /// Cancelling the asking task ends the wait at once with `CancellationError`, so the
  /// `catch is CancellationError` a Swift codebase writes catches it: an async responder under
  /// way is cancelled, and its answer dropped.
  ///
  /// It throws untyped: cancellation is `CancellationError`, and an async responder may throw any
  /// error (an open set, which typed throws would have to wrap or hide).
  ///
  /// ```swift
  /// let remote = content.remote
  /// Task.detached {
  ///   let id = try await remote.request(.channelID, ())
  ///   print(id ?? "no answer")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The request's key.
  ///   - payload: The request's payload; it crosses to the main actor, so it must be `Sendable`.
  /// - Returns: The first answer, or `nil` if every responder declined or there is none.
  /// - Throws: `CancellationError` if the asking task was cancelled;
  ///   ``RequestError/nodeReleased(node:)`` if the node was released first;
  ///   ``RequestError/responderFailed(key:node:error:)`` if the async responder that answered
  ///   threw.
  public func request<Payload: Sendable, Response: Sendable>(
    _ key: RequestKey<Payload, Response>, _ payload: Payload
  ) async throws -> Response? {
    let call = RemoteRequest<Response>()
    let target = self.target
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard call.start(continuation) else { return }
        RemotePostQueue.shared.enqueue(
          RemotePost { call.walk(target: target, key: key, payload: payload) })
      }
    } onCancel: {
      call.cancel()
    }
    return try result.get()
  }

  /// Asks a request that carries no payload, from any actor, task or thread.
  ///
  /// - Parameter key: The request's key.
  /// - Returns: The first answer, or `nil`.
  /// - Throws: `CancellationError` or ``RequestError``, as ``request(_:_:)`` does.
  public func request<Response: Sendable>(
    _ key: RequestKey<Void, Response>
  ) async throws -> Response? {
    try await request(key, ())
  }
}
