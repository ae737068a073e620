/// A bounded stream dropped an element its consumer had not taken.
///
/// Reported to the tracers of the stream's source: the path of the node for a node's event or
/// value stream, the bus for a bus stream.
public struct StreamDropRecord: Codable, Sendable, Equatable {
  /// The node's or the bus's name.
  public var source: String
  /// The event key, data key or bus event type the stream follows.
  public var key: String
  /// `bufferingOldest(n)` or `bufferingNewest(n)`.
  public var policy: String
  /// How many elements this stream has dropped so far, this one included.
  public var dropped: Int

  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - source: The node's or the bus's name.
  ///   - key: The key or type the stream follows.
  ///   - policy: The stream's buffering policy, as text.
  ///   - dropped: How many elements the stream has dropped so far.
  public init(source: String, key: String, policy: String, dropped: Int) {
    self.source = source
    self.key = key
    self.policy = policy
    self.dropped = dropped
  }
}
