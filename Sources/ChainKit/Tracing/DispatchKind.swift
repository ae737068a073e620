/// Whether a dispatch was an event or a request.
public enum DispatchKind: String, Codable, Sendable {
  /// An event posted with `post`.
  case event
  /// A request made with `request` or `requestAll`.
  case request
}
