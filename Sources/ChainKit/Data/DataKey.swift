/// A typed name for a value shared down a tree: what a node shares and its descendants read.
///
/// Two keys are the same key only if both their names and their value types match, so reading a
/// value as the wrong type does not compile. Declare keys once, as static constants:
///
/// ```swift
/// extension DataKey where Value == String {
///   static let photoText = DataKey("photo.text")
/// }
/// ```
///
/// ```swift
/// postItem.share("Liked", for: .photoText)
/// photo.subscribe(.photoText) { text in print(text ?? "none") }
/// ```
public struct DataKey<Value>: Sendable, Hashable, CustomStringConvertible {
  /// The key's name, used by traces, logs and error messages.
  public let name: String
  @usableFromInline let id: Int

  /// Creates a key.
  ///
  /// - Parameter name: The value's name; together with `Value` it identifies the key.
  public init(_ name: String) {
    self.name = name
    // The marker keeps a data key from sharing an id with an event key of the same name and type.
    self.id = KeyRegistry.shared.id(name: name, payload: Value.self, response: DataKeyMarker.self)
  }

  /// The key's name.
  public var description: String { name }

  /// Keys are equal when their names and value types are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  /// Hashes the key's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Distinguishes data keys from event and request keys in the ``KeyRegistry``.
enum DataKeyMarker {}
