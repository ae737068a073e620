/// A value shared, or removed, at a node.
public struct ShareRecord: Codable, Sendable, Equatable {
  /// What happened to the value.
  public enum Action: String, Codable, Sendable {
    /// `share(_:for:)` stored a constant value.
    case shared
    /// `share(for:computed:)` stored a computed value.
    case computed
    /// `removeShared(_:)` removed the value.
    case removed
  }

  /// The sharing node's name.
  public var node: String
  /// The key's name.
  public var key: String
  /// The value as `String(describing:)` printed it; `<computed>` for a computed value.
  public var value: String
  /// What happened.
  public var action: Action
  /// How many subscribers were called because of it.
  public var subscribersNotified: Int
}
