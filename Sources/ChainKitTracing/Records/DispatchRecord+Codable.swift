import ChainKit

// The JSON form of dispatch records, part of the trace schema (see <doc:Tracing>). A record
// writes its own `kind`: "dispatch" for an event, "request" for a request.

extension DispatchRecord: Codable {
  private enum Key: String, CodingKey {
    case kind, id, parent, key, payload, origin, path, hops, listenersRun, stopped, prevented
    case answeredBy, errors, elapsedNanoseconds
  }

  /// The trace schema's `kind` of a dispatch of `kind`.
  static func schemaKind(of kind: Kind) -> String { kind == .event ? "dispatch" : "request" }

  /// Decodes a record of the trace schema.
  ///
  /// - Parameter decoder: A decoder positioned on a dispatch or request line.
  /// - Throws: `DecodingError` if a field is missing or of the wrong type, or if the kind is
  ///   neither "dispatch" nor "request".
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let kindName = try container.decode(String.self, forKey: .kind)
    guard let kind = [Kind.event, .request].first(where: { Self.schemaKind(of: $0) == kindName })
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "not a dispatch kind: \(kindName)")
    }
    self.init(
      id: try container.decode(UInt64.self, forKey: .id),
      parent: try container.decodeIfPresent(UInt64.self, forKey: .parent), kind: kind,
      key: try container.decode(String.self, forKey: .key),
      payload: try container.decode(String.self, forKey: .payload),
      origin: try container.decode(String.self, forKey: .origin),
      path: try container.decode([String].self, forKey: .path),
      hops: try container.decode([HopRecord].self, forKey: .hops),
      listenersRun: try container.decode(Int.self, forKey: .listenersRun),
      stopped: try container.decode(Bool.self, forKey: .stopped),
      prevented: try container.decode(Bool.self, forKey: .prevented),
      answeredBy: try container.decodeIfPresent(String.self, forKey: .answeredBy),
      errors: try container.decode([String].self, forKey: .errors),
      elapsedNanoseconds: try container.decode(UInt64.self, forKey: .elapsedNanoseconds))
  }

  /// Encodes the record in the trace schema; the payload is described now if it was not yet.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(Self.schemaKind(of: kind), forKey: .kind)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(parent, forKey: .parent)
    try container.encode(key, forKey: .key)
    try container.encode(payload, forKey: .payload)
    try container.encode(origin, forKey: .origin)
    try container.encode(path, forKey: .path)
    try container.encode(hops, forKey: .hops)
    try container.encode(listenersRun, forKey: .listenersRun)
    try container.encode(stopped, forKey: .stopped)
    try container.encode(prevented, forKey: .prevented)
    try container.encodeIfPresent(answeredBy, forKey: .answeredBy)
    try container.encode(errors, forKey: .errors)
    try container.encode(elapsedNanoseconds, forKey: .elapsedNanoseconds)
  }
}

extension HopRecord: Codable {
  private enum Key: String, CodingKey {
    case node, phase, listenersRun, interceptedFrom, interceptedTo, stopped, stoppedImmediately
    case prevented, answered, errors, elapsedNanoseconds, passed, listeners
  }

  /// Decodes a hop of the trace schema.
  ///
  /// - Parameter decoder: A decoder positioned on a hop.
  /// - Throws: `DecodingError` if a field is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    self.init(
      node: try container.decode(String.self, forKey: .node),
      phase: try container.decode(Phase.self, forKey: .phase),
      listenersRun: try container.decode(Int.self, forKey: .listenersRun),
      interceptedFrom: try container.decodeIfPresent(String.self, forKey: .interceptedFrom),
      interceptedTo: try container.decodeIfPresent(String.self, forKey: .interceptedTo),
      stopped: try container.decode(Bool.self, forKey: .stopped),
      stoppedImmediately: try container.decode(Bool.self, forKey: .stoppedImmediately),
      prevented: try container.decode(Bool.self, forKey: .prevented),
      answered: try container.decode(Bool.self, forKey: .answered),
      errors: try container.decode([String].self, forKey: .errors),
      elapsedNanoseconds: try container.decode(UInt64.self, forKey: .elapsedNanoseconds),
      passed: try container.decode(Bool.self, forKey: .passed))
    listeners =
      try container.decodeIfPresent([ListenerRecord].self, forKey: .listeners) ?? []
  }

  /// Encodes the hop in the trace schema; rewrites are described now if they were not yet.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(node, forKey: .node)
    try container.encode(phase, forKey: .phase)
    try container.encode(listenersRun, forKey: .listenersRun)
    try container.encodeIfPresent(interceptedFrom, forKey: .interceptedFrom)
    try container.encodeIfPresent(interceptedTo, forKey: .interceptedTo)
    try container.encode(stopped, forKey: .stopped)
    try container.encode(stoppedImmediately, forKey: .stoppedImmediately)
    try container.encode(prevented, forKey: .prevented)
    try container.encode(answered, forKey: .answered)
    try container.encode(errors, forKey: .errors)
    try container.encode(elapsedNanoseconds, forKey: .elapsedNanoseconds)
    try container.encode(passed, forKey: .passed)
    if !listenerRecords.isEmpty { try container.encode(listeners, forKey: .listeners) }
  }
}
