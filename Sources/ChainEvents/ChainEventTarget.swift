/// The object behind a subscriber, for the generated `subscribe`: registrations hold it weakly.
public enum ChainEventTarget {
  /// `target` as an object.
  ///
  /// A value-type subscriber has no identity to hold weakly and would vanish at once, so it is a
  /// programmer error, trapped with a message naming its type.
  ///
  /// - Parameters:
  ///   - target: The subscriber.
  ///   - protocolName: The protocol, for the message.
  /// - Returns: The object.
  public static func object(_ target: Any, subscribing protocolName: String) -> AnyObject {
    precondition(
      type(of: target) is AnyClass,
      "subscribe(\(protocolName).Event.self, target:) needs an object; \(type(of: target)) is a value type"
    )
    return target as AnyObject
  }
}
