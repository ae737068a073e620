import ChainKit
public import Foundation

/// A tracer that writes each record as one line of JSON (JSON Lines) to a file or file handle.
///
/// Each line is a ``TraceLine`` of the trace schema (see <doc:TraceSchema>), timed from the
/// writer's creation and labelled with its ``scope``. Each record is encoded with sorted keys and written with one `write` call, so nothing waits in
/// a buffer of ours and a crash loses at most the line being written. Read a file back with
/// `TraceRecord.decodeJSONLines(_:)`. A failed write does not trap: it is counted in
/// ``failureCount``, kept in ``lastError`` and passed to `onError`, and tracing goes on. A pipe
/// whose reader is gone (`program | head`) fails with `EPIPE` and raises no SIGPIPE: the writer
/// blocks the signal on its own thread for the write and takes the one it raised, leaving the
/// process's signal disposition as the program set it.
///
/// ```swift
/// let writer = try JSONLinesTraceWriter(path: path)
/// root.install(writer)
/// ```
@MainActor
public final class JSONLinesTraceWriter: Tracer {
  private let handle: FileHandle
  private let ownsHandle: Bool
  private let encoder = JSONEncoder()
  /// Which records are written.
  public var filter: TraceFilter
  /// The `scope` of every line: a scene, a test, a program's part; the program's name unless set.
  public var scope = ProcessInfo.processInfo.processName
  private let start = TraceClock.now()
  /// Called with each encoding or write error, after it is recorded.
  public var onError: (@MainActor (any Error) -> Void)?
  /// How many records were written.
  public private(set) var writtenCount = 0
  /// How many records could not be encoded or written.
  public private(set) var failureCount = 0
  /// The most recent encoding or write error, if any.
  public private(set) var lastError: (any Error)?

  /// Creates a writer that appends to an open file handle, which the caller keeps and closes.
  ///
  /// - Parameters:
  ///   - handle: Where lines go, such as `FileHandle.standardError`.
  ///   - filter: Which records to write; all by default.
  public init(handle: FileHandle, filter: TraceFilter = TraceFilter()) {
    self.handle = handle
    self.ownsHandle = false
    self.filter = filter
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  /// Creates (or truncates) the file at `path` and writes to it; the writer closes it when it is
  /// deallocated.
  ///
  /// - Parameters:
  ///   - path: The file to write.
  ///   - filter: Which records to write; all by default.
  /// - Throws: ``TraceDestinationError``, with a plain reason ("it is a directory",
  ///   "Permission denied"), if the file cannot be created.
  public init(path: String, filter: TraceFilter = TraceFilter()) throws {
    if FileKind.of(path) == .directory {
      throw TraceDestinationError("cannot trace to \(path): it is a directory")
    }
    let fd = SystemCalls.create(path, appending: false)
    guard fd >= 0 else {
      throw TraceDestinationError(
        "cannot trace to \(path): \(SystemCalls.describe(SystemCalls.lastError))")
    }
    self.handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
    self.ownsHandle = true
    self.filter = filter
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  isolated deinit {
    if ownsHandle { try? handle.close() }
  }

  /// Writes `record` as one line, if the filter accepts it.
  public func receive(_ record: TraceRecord) {
    guard filter.accepts(record) else { return }
    do {
      let traced = TraceLine(time: TraceClock.now() &- start, scope: scope, .record(record))
      var line = try encoder.encode(traced)
      line.append(0x0A)
      // NB: not `handle.write(contentsOf:)`: a pipe whose reader is gone would raise SIGPIPE,
      // which kills a program that kept the default disposition (`program | head`).
      let failure = SystemCalls.writeWithoutSIGPIPE([UInt8](line), to: handle.fileDescriptor)
      if failure != 0 { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
      writtenCount += 1
    } catch {
      report(error)
    }
  }

  /// Asks the operating system to put the lines written so far on disk (`fsync`).
  ///
  /// Lines are handed to the system as they are written; this is only needed before reading the
  /// file from another machine or surviving a power cut. An error is reported like a write error.
  public func flush() {
    do {
      try handle.synchronize()
    } catch {
      report(error)
    }
  }

  private func report(_ error: any Error) {
    failureCount += 1
    lastError = error
    onError?(error)
  }
}
