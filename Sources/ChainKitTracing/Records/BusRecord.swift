import ChainKit
/// An event delivered on a bus, or published with nobody listening.
public struct BusRecord: Sendable, Equatable {
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
  /// The event as `String(describing:)` prints it: described the first time it is read (or
  /// the record is encoded) on the main actor, like ``DispatchRecord/payload``.
  public var event: String {
    get { eventText.string }
    set { eventText = TraceText(newValue) }
  }
  /// Why subscribers were called.
  public var source: Source
  /// How many subscribers ran.
  public var subscribersRun: Int
  /// Errors thrown by subscribers, and ChainKit's own (a nesting limit).
  public var errors: [String]
  /// The event's description, made when first read.
  var eventText: TraceText

  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - bus: The bus's name.
  ///   - type: The event's type name.
  ///   - event: The event's description.
  ///   - source: Why subscribers were called.
  ///   - subscribersRun: Subscribers that ran.
  ///   - errors: Errors thrown.
  public init(
    bus: String, type: String, event: String, source: Source, subscribersRun: Int, errors: [String]
  ) {
    self.bus = bus
    self.type = type
    self.eventText = TraceText(event)
    self.source = source
    self.subscribersRun = subscribersRun
    self.errors = errors
  }
}

extension BusRecord {
  /// A record whose event is described when first read.
  init(
    bus: String, type: String, eventText: TraceText, source: Source, subscribersRun: Int,
    errors: [String]
  ) {
    self.init(
      bus: bus, type: type, event: "", source: source, subscribersRun: subscribersRun,
      errors: errors)
    self.eventText = eventText
  }
}

extension BusRecord: Codable {
  // NB: `source` is "reason" in the trace schema, where "source" labels every line.
  private enum Key: String, CodingKey {
    case bus, type, event
    case source = "reason"
    case subscribersRun, errors
  }

  /// Decodes a record of the trace schema.
  ///
  /// - Parameter decoder: A decoder positioned on a publish or dead event line.
  /// - Throws: `DecodingError` if a field is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    bus = try container.decode(String.self, forKey: .bus)
    type = try container.decode(String.self, forKey: .type)
    eventText = TraceText(try container.decode(String.self, forKey: .event))
    source = try container.decode(Source.self, forKey: .source)
    subscribersRun = try container.decode(Int.self, forKey: .subscribersRun)
    errors = try container.decode([String].self, forKey: .errors)
  }

  /// Encodes the record in the trace schema.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(bus, forKey: .bus)
    try container.encode(type, forKey: .type)
    try container.encode(event, forKey: .event)
    try container.encode(source, forKey: .source)
    try container.encode(subscribersRun, forKey: .subscribersRun)
    try container.encode(errors, forKey: .errors)
  }
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

  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - bus: The bus's name.
  ///   - type: The produced type's name.
  ///   - action: What happened.
  public init(bus: String, type: String, action: Action) {
    self.bus = bus
    self.type = type
    self.action = action
  }
}
