/// Why a request asked with ``RemoteNode/request(_:_:)`` has no answer to return, other than
/// cancellation (which throws `CancellationError`, as every Swift API does).
///
/// Nobody answering is not an error: the request returns `nil`. The set of cases is closed, but
/// ``responderFailed(key:node:error:)`` carries whatever an async responder threw, an open set,
/// so ``RemoteNode/request(_:_:)`` throws untyped: it may throw this type or `CancellationError`.
public enum RequestError: Error, Sendable, CustomStringConvertible {
  /// The node had been released by the time the request reached the main actor.
  case nodeReleased(node: String)
  /// The async responder that answered threw `error`.
  case responderFailed(key: String, node: String, error: any Error)

  /// A sentence for logs.
  public var description: String {
    switch self {
    case .nodeReleased(let node): "node \(node) was released before the request reached it"
    case .responderFailed(let key, let node, let error):
      "the responder for \(key) at \(node) threw: \(error)"
    }
  }
}
