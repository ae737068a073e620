/// A typed name for a request: an event that returns a value, answered by the first responder.
///
/// A request walks the same path as an event (the target, then its ancestors); each responder
/// returns a `Response` or `nil` to decline, and the first response ends the walk.
///
/// ```swift
/// extension RequestKey where Payload == Void, Response == String {
///   static let channelID = RequestKey("channelID")
/// }
/// ```
///
/// ```swift
/// let id = content.request(.channelID)
/// ```
public struct RequestKey<Payload, Response>: Sendable, Hashable, CustomStringConvertible {
  /// The request's name, used by traces and error messages.
  public let name: String
  @usableFromInline let id: Int

  /// Creates a request key.
  ///
  /// - Parameter name: The request's name; with `Payload` and `Response` it identifies the key.
  public init(_ name: String) {
    self.name = name
    self.id = KeyRegistry.shared.id(name: name, payload: Payload.self, response: Response.self)
  }

  /// The key's name.
  public var description: String { name }

  /// Keys are equal when their names, payload types and response types are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  /// Hashes the key's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
