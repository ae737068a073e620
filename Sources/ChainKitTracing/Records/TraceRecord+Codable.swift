// The trace schema's record lines: one flat JSON object per record, with its `kind` and the
// schema `version` beside the record's own fields (see <doc:Tracing> for the whole schema).

extension TraceRecord: Codable {
  /// The fields every line of the schema has.
  enum LineKey: String, CodingKey {
    case kind, version
  }

  /// Decodes a record line of the trace schema.
  ///
  /// - Parameter decoder: A decoder positioned on one line's object.
  /// - Throws: ``TraceDecodingError/Problem`` if the line has no version, another version, or
  ///   a kind that is not a record's; `DecodingError` if a field is missing or wrong.
  public init(from decoder: any Decoder) throws {
    switch try Self.checkedKind(of: decoder) {
    case "dispatch", "request": self = .dispatch(try DispatchRecord(from: decoder))
    case "mount": self = .mount(try MountRecord(from: decoder))
    case "unmount": self = .unmount(try MountRecord(from: decoder))
    case "binding": self = .binding(try BindingRecord(schemaFrom: decoder))
    case "share": self = .share(try ShareRecord(from: decoder))
    case "publish": self = .publish(try BusRecord(from: decoder))
    case "deadEvent": self = .deadEvent(try BusRecord(from: decoder))
    case "producer": self = .producer(try ProducerRecord(from: decoder))
    case "streamDrop": self = .streamDrop(try StreamDropRecord(from: decoder))
    case let kind: throw TraceDecodingError.Problem.unknownKind(kind)
    }
  }

  /// Encodes the record as one object of the trace schema: `kind`, `version`, then its fields.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: LineKey.self)
    try container.encode(TraceLine.schemaVersion, forKey: .version)
    switch self {
    case .dispatch(let record):
      try record.encode(to: encoder)  // writes its own kind: "dispatch" or "request"
    case .mount(let record):
      try container.encode("mount", forKey: .kind)
      try record.encode(to: encoder)
    case .unmount(let record):
      try container.encode("unmount", forKey: .kind)
      try record.encode(to: encoder)
    case .binding(let record):
      try container.encode("binding", forKey: .kind)
      try record.encodeSchema(to: encoder)
    case .share(let record):
      try container.encode("share", forKey: .kind)
      try record.encode(to: encoder)
    case .publish(let record):
      try container.encode("publish", forKey: .kind)
      try record.encode(to: encoder)
    case .deadEvent(let record):
      try container.encode("deadEvent", forKey: .kind)
      try record.encode(to: encoder)
    case .producer(let record):
      try container.encode("producer", forKey: .kind)
      try record.encode(to: encoder)
    case .streamDrop(let record):
      try container.encode("streamDrop", forKey: .kind)
      try record.encode(to: encoder)
    }
  }

  /// The `kind` of a line whose `version` this ChainKit reads.
  ///
  /// - Throws: ``TraceDecodingError/Problem``: no version (``TraceDecodingError/Problem/olderFormat``
  ///   if the line is in the enum-wrapper form of earlier ChainKit versions), another version,
  ///   or no kind.
  static func checkedKind(of decoder: any Decoder) throws -> String {
    let container = try decoder.container(keyedBy: LineKey.self)
    guard let version = try container.decodeIfPresent(Int.self, forKey: .version) else {
      let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
      let older = ["dispatch", "mount", "unmount", "binding", "share", "publish", "deadEvent"]
      if keys.count == 1, let key = keys.first, older.contains(key) || key == "producer" {
        throw TraceDecodingError.Problem.olderFormat
      }
      throw TraceDecodingError.Problem.missingVersion
    }
    guard version == TraceLine.schemaVersion else {
      throw TraceDecodingError.Problem.unsupportedVersion(version)
    }
    guard let kind = try container.decodeIfPresent(String.self, forKey: .kind) else {
      throw TraceDecodingError.Problem.missingKind
    }
    return kind
  }

  /// Any key, to list a line's keys.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension BindingRecord {
  // NB: a binding's `kind` is "action" in the trace schema, whose `kind` says what a line is.
  // BindingRecord keeps its own Codable form; only trace lines use this one.
  private enum SchemaKey: String, CodingKey {
    case groupID, group
    case kind = "action"
    case member, old, new
  }

  init(schemaFrom decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    self.init(
      groupID: try container.decode(UInt64.self, forKey: .groupID),
      group: try container.decode(String.self, forKey: .group),
      kind: try container.decode(Kind.self, forKey: .kind),
      member: try container.decode(String.self, forKey: .member),
      old: try container.decodeIfPresent(String.self, forKey: .old),
      new: try container.decodeIfPresent(String.self, forKey: .new))
  }

  func encodeSchema(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SchemaKey.self)
    try container.encode(groupID, forKey: .groupID)
    try container.encode(group, forKey: .group)
    try container.encode(kind, forKey: .kind)
    try container.encode(member, forKey: .member)
    try container.encodeIfPresent(old, forKey: .old)
    try container.encodeIfPresent(new, forKey: .new)
  }
}
