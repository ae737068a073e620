// Tracing/Stream: trace lines out of the process. `TraceStream` (the tracer) puts records in a
// bounded `TraceStreamBuffer`; a `TraceStreamWriter` thread encodes and writes them to a
// `TraceOutput` (file, pipe or socket, the folder's one holder of a file descriptor).
public import ChainKit
public import Foundation

/// A tracer that streams its records out of the process, as JSON Lines of the trace schema, to a
/// file, a named pipe or a Unix domain socket, without ever making the main actor wait.
///
/// Each record is put in a bounded buffer; a thread of the stream's own encodes and writes it.
/// When the buffer is full, or the reader is gone, records are dropped and counted, and the
/// count is written in the stream as a `dropped` line as soon as it can be (see
/// <doc:TraceSchema>). A reader that closes its end, or never comes, costs the program nothing
/// more: no signal, no crash, no stall; a socket is connected again when its listener returns,
/// and each connection starts with a `session` line.
///
/// One line turns it on:
///
/// ```swift
/// root.install(try TraceStream(to: .socket(socketPath)))
/// ```
///
/// or, with no code change beyond ``installFromEnvironment(on:buses:)``, the environment
/// variable `CHAINKIT_TRACE=/tmp/chain.sock` (see ``TraceDestination/init(parsing:)``).
@MainActor
public final class TraceStream: Tracer {
  /// What the stream did so far.
  public struct Statistics: Sendable, Equatable {
    /// Records put in the buffer.
    public var accepted = 0
    /// Lines written (records, session and dropped lines).
    public var written = 0
    /// Records dropped: the buffer was full, or the reader was gone.
    public var dropped = 0
    /// Dropped records reported in the stream by `dropped` lines.
    public var dropsReported = 0
    /// Times the output was opened or connected.
    public var connections = 0
  }

  /// Where the lines go.
  public let destination: TraceDestination
  /// The `scope` of every line: a scene, a test, a program's part; the program's name unless set.
  public var scope: String
  /// Which records are streamed.
  public var filter: TraceFilter
  private let buffer: TraceStreamBuffer
  private let start = TraceClock.now()

  /// Starts a stream to `destination` and its writer thread.
  ///
  /// - Parameters:
  ///   - destination: A file, pipe or socket.
  ///   - capacity: The most records waiting to be written; more are dropped and counted.
  ///   - scope: The lines' `scope`; the program's name by default.
  ///   - filter: Which records to stream; all by default.
  /// - Throws: ``TraceDestinationError`` if the destination can never work: a file that cannot be
  ///   created, a directory, a path that exists and is not a socket or pipe. A socket nobody
  ///   listens on yet is not an error.
  public init(
    to destination: TraceDestination, capacity: Int = 4_096, scope: String? = nil,
    filter: TraceFilter = TraceFilter()
  ) throws(TraceDestinationError) {
    let output = TraceOutput(destination)
    try output.start()
    let program = ProcessInfo.processInfo.processName
    self.destination = destination
    self.scope = scope ?? program
    self.filter = filter
    buffer = TraceStreamBuffer(capacity: capacity)
    let session = TraceSession(
      program: program, pid: Int(ProcessInfo.processInfo.processIdentifier),
      capacity: buffer.capacity)
    let writer = TraceStreamWriter(
      output: output, buffer: buffer, session: session, start: start)
    let thread = Thread { writer.run() }
    thread.name = "ChainKit trace stream"
    thread.start()
  }

  isolated deinit {
    buffer.close()
  }

  /// Creates a stream to the destination in the environment variable `CHAINKIT_TRACE`.
  ///
  /// - Parameter environment: The environment; the process's by default.
  /// - Returns: The stream, or nil if the variable is unset or empty.
  /// - Throws: ``TraceDestinationError`` if the destination can never work.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(TraceDestinationError) -> TraceStream? {
    guard let spec = environment["CHAINKIT_TRACE"], !spec.isEmpty else { return nil }
    return try TraceStream(to: TraceDestination(parsing: spec))
  }

  /// Installs a stream to `CHAINKIT_TRACE` on `root` and `buses`, if the variable is set; a
  /// destination that cannot work is reported on standard error once, and nothing is installed.
  ///
  /// - Parameters:
  ///   - root: The tree's root node.
  ///   - buses: Buses to trace too.
  /// - Returns: The stream, kept alive by the installations, or nil.
  @discardableResult
  public static func installFromEnvironment(on root: Node, buses: [EventBus] = [])
    -> TraceStream?
  {
    do {
      guard let stream = try fromEnvironment() else { return nil }
      root.install(stream)
      for bus in buses { bus.install(stream) }
      return stream
    } catch {
      FileHandle.standardError.write(Data("ChainKit: CHAINKIT_TRACE: \(error)\n".utf8))
      return nil
    }
  }

  /// Puts `record` in the buffer, or counts it as dropped if the buffer is full.
  ///
  /// Descriptions of the record's payloads are made here, on the main actor; encoding and writing happen
  /// on the stream's thread.
  public func receive(_ record: TraceRecord) {
    guard filter.accepts(record) else { return }
    record.describePayloads()
    // NB: detached: the writer thread must not read storage or a box the recorder reuses.
    buffer.put(
      TraceLine(time: TraceClock.now() &- start, scope: scope, .record(record.detached())))
  }

  /// What the stream did so far; the writer thread updates it as it goes.
  public var statistics: Statistics { buffer.statistics }

  /// Waits until every record accepted so far is written or dropped, for a program about to
  /// exit; the only call of the stream that waits, and it suspends instead of blocking, so the
  /// main actor goes on running while the writer thread catches up.
  ///
  /// It checks every millisecond, at most `checks` times, so a stalled reader delays the exit
  /// by at most that long (the writer's own sends give up after two seconds). If the waiting
  /// task is cancelled, it stops waiting at once.
  ///
  /// ```swift
  /// await stream.settle()
  /// stream.close()
  /// ```
  ///
  /// - Parameter checks: The most checks.
  /// - Returns: Whether everything was written or dropped in time.
  @discardableResult
  public func settle(checks: Int = 3_000) async -> Bool {
    for _ in 0..<max(1, checks) {
      if buffer.isDrained || Task.isCancelled { break }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return buffer.isDrained
  }

  /// Stops accepting records; the writer thread writes what it has and closes the output.
  public func close() {
    buffer.close()
  }

  /// Traps if the stream's counts or its buffer disagree.
  func checkInvariants() {
    buffer.checkInvariants()
  }
}
