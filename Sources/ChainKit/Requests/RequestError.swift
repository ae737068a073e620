/// Why a request asked with ``RemoteNode/request(_:_:)`` has no answer to return.
///
/// Nobody answering is not an error: the request returns `nil`.
public enum RequestError: Error, Sendable, CustomStringConvertible {
  /// The asking task was cancelled before the answer came; the answer, if any, was dropped.
  case cancelled
  /// The node had been released by the time the request reached the main actor.
  case nodeReleased(node: String)
  /// The async responder that answered threw.
  case responderFailed(key: String, node: String, error: any Error)

  /// A sentence for logs.
  public var description: String {
    switch self {
    case .cancelled: "the request was cancelled"
    case .nodeReleased(let node): "node \(node) was released before the request reached it"
    case .responderFailed(let key, let node, let error):
      "the responder for \(key) at \(node) threw: \(error)"
    }
  }
}
