/// A typed name for an event: what a listener subscribes to and a poster posts.
///
/// Two keys are the same key only if both their names and their payload types match, so a payload
/// of the wrong type does not compile. Declare keys once, as static constants:
///
/// ```swift
/// extension EventKey where Payload == Int {
///   static let itemClicked = EventKey("itemClicked")
/// }
/// ```
///
/// ```swift
/// node.on(.itemClicked) { ctx, index in print(index) }
/// ```
public struct EventKey<Payload>: Sendable, Hashable, CustomStringConvertible {
  /// The key's name, used by traces, logs and error messages.
  public let name: String
  /// Whether events posted with this key bubble up past their target (the default).
  public let bubbles: Bool
  @usableFromInline let id: Int

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - name: The event's name; together with `Payload` it identifies the key.
  ///   - bubbles: Whether the event continues from the target up through its ancestors.
  public init(_ name: String, bubbles: Bool = true) {
    self.name = name
    self.bubbles = bubbles
    self.id = KeyRegistry.shared.id(name: name, payload: Payload.self, response: nil)
  }

  /// The key's name.
  public var description: String { name }

  /// Keys are equal when their names and payload types are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  /// Hashes the key's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
