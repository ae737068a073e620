/// One line of a JSON Lines trace: a record, or a note from the stream itself, with the time it
/// was written and the scope that wrote it.
///
/// Every line is one flat JSON object with `version` (``schemaVersion``), `kind`, `time` and
/// `scope` beside the fields of its kind; see <doc:TraceSchema> for the whole schema.
///
/// ```swift
/// let mount = MountRecord(node: "leaf", parent: "root", reason: .mounted)
/// let line = TraceLine(time: 1_500, scope: "tests", .record(.mount(mount)))
/// ```
public struct TraceLine: Sendable, Equatable {
  /// The version of the schema this ChainKit writes and reads.
  public static let schemaVersion = 1

  /// Every `kind` of the schema, records' and the stream's.
  public static let kinds = [
    "dispatch", "request", "mount", "unmount", "share", "binding", "publish", "deadEvent",
    "producer", "streamDrop", "session", "dropped",
  ]

  /// What a line carries.
  public enum Body: Sendable, Equatable {
    /// A record a tracer received.
    case record(TraceRecord)
    /// The first line a ``TraceStream`` writes: who is tracing.
    case session(TraceSession)
    /// Records the stream could not keep up with and dropped since its previous line of this
    /// kind (never waited on: see ``TraceStream``).
    case dropped(count: Int)
  }

  /// When the line was made: nanoseconds since its writer started, from a monotonic clock.
  public var time: UInt64
  /// Who wrote it: a scene, a test, a program; the writer's ``TraceStream/scope``.
  public var scope: String
  /// The record or note.
  public var body: Body

  /// Creates a line.
  ///
  /// - Parameters:
  ///   - time: Nanoseconds since the writer started.
  ///   - scope: Who wrote it.
  ///   - body: The record or note.
  public init(time: UInt64, scope: String, _ body: Body) {
    self.time = time
    self.scope = scope
    self.body = body
  }

  /// The record, if the line carries one.
  public var record: TraceRecord? {
    if case .record(let record) = body { record } else { nil }
  }
}

/// Who is writing a trace stream: its first line, so a reader can tell one run from the next.
public struct TraceSession: Codable, Sendable, Equatable {
  /// The program's name.
  public var program: String
  /// Its process id.
  public var pid: Int
  /// The stream's capacity, in records, before it drops.
  public var capacity: Int

  /// Creates a session line's fields.
  ///
  /// - Parameters:
  ///   - program: The program's name.
  ///   - pid: Its process id.
  ///   - capacity: The stream's buffer, in records.
  public init(program: String, pid: Int, capacity: Int) {
    self.program = program
    self.pid = pid
    self.capacity = capacity
  }
}
