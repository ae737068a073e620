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

  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - node: The sharing node's name.
  ///   - key: The key's name.
  ///   - value: The value's description.
  ///   - action: What happened.
  ///   - subscribersNotified: Subscribers called because of it.
  public init(node: String, key: String, value: String, action: Action, subscribersNotified: Int) {
    self.node = node
    self.key = key
    self.value = value
    self.action = action
    self.subscribersNotified = subscribersNotified
  }
}
