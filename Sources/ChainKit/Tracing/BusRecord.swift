/// An event delivered on a bus, or published with nobody listening.
public struct BusRecord: Codable, Sendable, Equatable {
  /// Why subscribers were called.
  public enum Source: String, Codable, Sendable {
    /// `publish(_:)` (or `enqueue(_:)`, once it reached the main actor).
    case publish
    /// A producer was registered and handed its value to the existing subscribers.
    case producerRegistered
    /// A new subscriber received the producer's current value.
    case newSubscriber
  }

  /// The bus's name.
  public var bus: String
  /// The event's type, as `String(describing:)` prints it.
  public var type: String
  /// The event as `String(describing:)` printed it.
  public var event: String
  /// Why subscribers were called.
  public var source: Source
  /// How many subscribers ran.
  public var subscribersRun: Int
  /// Errors thrown by subscribers, and ChainKit's own (a nesting limit).
  public var errors: [String]
}

/// A producer registered, replaced or removed on a bus.
public struct ProducerRecord: Codable, Sendable, Equatable {
  /// What happened to the producer.
  public enum Action: String, Codable, Sendable {
    /// A producer was registered for a type that had none.
    case registered
    /// A producer was registered for a type that had one; the earlier one was dropped.
    case replaced
    /// A producer's token was cancelled.
    case removed
  }

  /// The bus's name.
  public var bus: String
  /// The event type the producer produces.
  public var type: String
  /// What happened.
  public var action: Action
}
