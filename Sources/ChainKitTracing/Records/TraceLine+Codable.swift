// The JSON form of a trace line (see <doc:TraceSchema>): the record's own flat object, with
// `time` and `scope` beside its `kind` and `version`.

extension TraceLine: Codable {
  private enum Key: String, CodingKey {
    case kind, version, time, scope, count
  }

  /// Decodes one line of the trace schema.
  ///
  /// - Parameter decoder: A decoder positioned on one line's object.
  /// - Throws: ``TraceDecodingError/Problem`` for a missing or unsupported version or an unknown
  ///   kind; `DecodingError` if a field is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let kind = try TraceRecord.checkedKind(of: decoder)
    let container = try decoder.container(keyedBy: Key.self)
    // Lenient in what it reads: a record line made by hand (or by an older writer) without a
    // time or scope reads as time 0 in the empty scope; ChainKit's writers always write both.
    time = try container.decodeIfPresent(UInt64.self, forKey: .time) ?? 0
    scope = try container.decodeIfPresent(String.self, forKey: .scope) ?? ""
    switch kind {
    case "session": body = .session(try TraceSession(from: decoder))
    case "dropped": body = .dropped(count: try container.decode(Int.self, forKey: .count))
    default: body = .record(try TraceRecord(from: decoder))
    }
  }

  /// Encodes the line as one flat object.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(time, forKey: .time)
    try container.encode(scope, forKey: .scope)
    switch body {
    case .record(let record):
      try record.encode(to: encoder)
    case .session(let session):
      try container.encode("session", forKey: .kind)
      try container.encode(TraceLine.schemaVersion, forKey: .version)
      try session.encode(to: encoder)
    case .dropped(let count):
      try container.encode("dropped", forKey: .kind)
      try container.encode(TraceLine.schemaVersion, forKey: .version)
      try container.encode(count, forKey: .count)
    }
  }
}
