/// What a binding did with one change: a member's update, a suppressed echo, a deferred write.
public struct BindingRecord: Codable, Sendable, Equatable {
  /// What happened.
  public enum Kind: String, Codable, Sendable {
    /// A member changed from outside the binding; the binding propagates it.
    case change
    /// The binding wrote the change to a member.
    case update
    /// A write that reached the binding while it was propagating, and was not propagated: the
    /// binding's own write coming back (FishBind's loop), or a write that changed nothing.
    case suppressedEcho
    /// A member was written to a different value while the binding was propagating; that value
    /// propagates as a new change once the change in progress is done.
    case deferred
    /// A member was dropped because its property or its owner is gone.
    case dropped
    /// Deferred changes kept coming back; propagation stopped after the round limit.
    case roundLimit
  }

  /// The binding's id, unique in the process.
  public var groupID: UInt64
  /// The binding's name.
  public var group: String
  /// What happened.
  public var kind: Kind
  /// The member's name (its property's or hook's name).
  public var member: String
  /// The member's value before, as `String(describing:)` printed it, when known.
  public var old: String?
  /// The member's value after (for a hook, the arguments it was called with), when known.
  public var new: String?

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - groupID: The binding's id.
  ///   - group: The binding's name.
  ///   - kind: What happened.
  ///   - member: The member's name.
  ///   - old: The value before, if known.
  ///   - new: The value after, if known.
  public init(
    groupID: UInt64, group: String, kind: Kind, member: String, old: String? = nil,
    new: String? = nil
  ) {
    self.groupID = groupID
    self.group = group
    self.kind = kind
    self.member = member
    self.old = old
    self.new = new
  }
}
