// Async responders: a responder that answers after awaiting. It is an ordinary responder in its
// node's list, so it keeps its place among the others (registration order, snapshots, removal,
// interceptors before it); what it does when a request reaches it depends on who asks.

extension Node {
  /// Registers a responder that answers `key` after awaiting, for requests asked with
  /// ``RemoteNode/request(_:_:)``.
  ///
  /// A name of its own, apart from the synchronous ``respond(to:_:)``: a closure written for one
  /// can never be taken for the other (a one-argument closure is not a synchronous responder that
  /// forgot its context).
  ///
  /// The responder sits in this node's list like any other, in registration order. When a remote
  /// request's walk reaches it, the walk ends there: this responder is the one that answers (the
  /// responders after it, here and above, are not called), and the asker awaits its result. It
  /// cannot decline. It runs on the main actor; while it awaits, the main actor does other work.
  /// If the asking task is cancelled, the responder's task is cancelled too and its answer is
  /// dropped.
  ///
  /// A synchronous ``request(_:_:)`` or ``requestAll(_:_:)`` cannot await, so it passes an async
  /// responder by as if it had declined: the walk goes on to the responders after it, and with
  /// none the synchronous request answers `nil`. To reach an async responder, ask with
  /// ``RemoteNode/request(_:_:)``.
  ///
  /// ```swift
  /// node.respondAsync(to: .thumbnail) { url in
  ///   await thumbnails.load(url)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The request to answer.
  ///   - body: Produces the answer; it may await and throw (the asker gets
  ///     ``RequestError/responderFailed(key:node:error:)``).
  /// - Returns: A token that removes the responder.
  @discardableResult
  public func respondAsync<Payload: Sendable, Response: Sendable>(
    to key: RequestKey<Payload, Response>,
    _ body: @escaping @MainActor (Payload) async throws -> Response
  ) -> Subscription {
    addAsyncResponder(key, target: nil, body)
  }

  /// Registers an async responder bound to `target`, which it holds weakly.
  ///
  /// It answers as ``respondAsync(to:_:)`` does, and lives as the synchronous
  /// ``respond(to:target:_:)`` does: it disappears when `target` deallocates.
  ///
  /// - Parameters:
  ///   - key: The request to answer.
  ///   - target: The object that answers; held weakly and passed to `body`.
  ///   - body: Produces the answer; it may await and throw.
  /// - Returns: A token that removes the responder.
  @discardableResult
  public func respondAsync<Payload: Sendable, Response: Sendable, Target: AnyObject>(
    to key: RequestKey<Payload, Response>,
    target: Target,
    _ body: @escaping @MainActor (Target, Payload) async throws -> Response
  ) -> Subscription {
    addAsyncResponder(key, target: target) { [weak target] payload in
      // A responder whose target is gone is removed before the walk calls it; this covers the
      // target going while the answer is under way.
      guard let target else { throw CancellationError() }
      return try await body(target, payload)
    }
  }

  /// Registers a responder that answers `key` after awaiting.
  ///
  /// The async responder's name is ``respondAsync(to:_:)``; this spelling shares its name with
  /// the synchronous responder, so a one-argument closure meant as one became the other.
  ///
  /// - Parameters:
  ///   - key: The request to answer.
  ///   - body: Produces the answer; it may await and throw.
  /// - Returns: A token that removes the responder.
  @available(*, deprecated, renamed: "respondAsync(to:_:)")
  @discardableResult
  public func respond<Payload: Sendable, Response: Sendable>(
    to key: RequestKey<Payload, Response>,
    _ body: @escaping @MainActor (Payload) async throws -> Response
  ) -> Subscription {
    addAsyncResponder(key, target: nil, body)
  }

  /// Registers an async responder bound to `target`.
  ///
  /// The name is ``respondAsync(to:target:_:)``; see ``respondAsync(to:_:)`` for why.
  ///
  /// - Parameters:
  ///   - key: The request to answer.
  ///   - target: The object that answers; held weakly and passed to `body`.
  ///   - body: Produces the answer; it may await and throw.
  /// - Returns: A token that removes the responder.
  @available(*, deprecated, renamed: "respondAsync(to:target:_:)")
  @discardableResult
  public func respond<Payload: Sendable, Response: Sendable, Target: AnyObject>(
    to key: RequestKey<Payload, Response>,
    target: Target,
    _ body: @escaping @MainActor (Target, Payload) async throws -> Response
  ) -> Subscription {
    respondAsync(to: key, target: target, body)
  }

  private func addAsyncResponder<Payload: Sendable, Response: Sendable>(
    _ key: RequestKey<Payload, Response>,
    target: AnyObject?,
    _ body: @escaping @MainActor (Payload) async throws -> Response
  ) -> Subscription {
    let name = self.name
    let keyName = key.name
    // The handoff is stored on the runtime of the node the request walks, which is this node's:
    // only nodes of one runtime are linked.
    let runtime = core.runtime
    let box = ResponderBox<Payload, Response>(keyID: key.id, target: target) { ctx, payload in
      guard
        let handoff = runtime.asyncRequestHandoff as? AsyncRequestHandoff<Response>,
        handoff.dispatchID == ctx.dispatchID, handoff.answer == nil
      else { return nil }
      handoff.answer = AsyncAnswer(key: keyName, node: name) { try await body(payload) }
      // NB: a synchronous responder's body can only return a `Response`; this one has none yet.
      // Stopping at once ends the walk here, so no responder after it is called; the trace shows
      // the stop.
      ctx.stopImmediatePropagation()
      return nil
    }
    core.add(box)
    return box.ticket
  }
}

/// The answer an async responder promised: what the remote request awaits.
struct AsyncAnswer<Response: Sendable>: Sendable {
  let key: String
  let node: String
  let run: @MainActor @Sendable () async throws -> Response
}

/// Where an async responder leaves its answer for the remote request whose walk reached it.
///
/// A remote request puts its handoff in the runtime (``ChainRuntime/asyncRequestHandoff``) for
/// the length of its synchronous walk and restores the previous one after, so a request nested in a responder gets
/// its own; the dispatch id tells a synchronous request nested in the walk (which must pass async
/// responders by) from the walk itself.
@MainActor
final class AsyncRequestHandoff<Response: Sendable> {
  /// The id the walk's dispatch gets.
  let dispatchID: UInt64
  /// What the async responder the walk reached will answer.
  var answer: AsyncAnswer<Response>?

  init(dispatchID: UInt64) { self.dispatchID = dispatchID }
}
