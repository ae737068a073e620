import ChainKit

/// The open file, pipe or socket a ``TraceStream`` writes to: the one type of the stream that
/// holds a file descriptor.
///
/// NB: `@unchecked Sendable`. The invariant, written once here and checked by
/// ``checkInvariants()``: an output is used by one thread at a time: the thread that creates it
/// opens it first, then hands it to the stream's writer thread, which alone uses it from then
/// on. `fd` is -1 exactly when the output is closed.
///
/// Writing never raises SIGPIPE, and never changes the process's SIGPIPE disposition (that is
/// the program's to choose): sockets are written with `MSG_NOSIGNAL` (Darwin: `SO_NOSIGPIPE`),
/// pipes with `SystemCalls.writeWithoutSIGPIPE`, which blocks SIGPIPE on the writer thread for
/// the write and takes the one a gone reader raised (Darwin: `F_SETNOSIGPIPE` on the
/// descriptor). A reader that goes away fails the write with `EPIPE`, which closes the output;
/// the stream counts the lines as dropped, and ``reopenIfDue()`` tries again at most every
/// ``retryNanoseconds``.

final class TraceOutput: @unchecked Sendable {
  let destination: TraceDestination
  private var fd: Int32 = -1
  private var lastAttempt: UInt64 = 0
  /// How many times the output was opened.
  private(set) var openCount = 0
  /// The `errno` of the last failed write (`EPIPE`: the reader went away); 0 if none failed.
  private(set) var lastFailure: Int32 = 0
  /// The longest a blocked write waits before its lines are counted as dropped.
  static let sendTimeoutSeconds = 2
  /// How long after a failure the output tries to open again.
  static let retryNanoseconds: UInt64 = 200_000_000

  init(_ destination: TraceDestination) {
    self.destination = destination
  }

  deinit { close() }

  var isOpen: Bool { fd >= 0 }

  /// Opens the output now, or says why it cannot be opened ever; a socket nobody listens on
  /// yet and a pipe nobody reads yet are not errors (``reopenIfDue()`` tries again later).
  func start() throws(TraceDestinationError) {
    let path = destination.path
    switch destination {
    case .file:
      switch FileKind.of(path) {
      case .directory: throw TraceDestinationError("cannot trace to \(path): it is a directory")
      case .socket: throw TraceDestinationError("cannot trace to \(path) as a file: it is a socket")
      default: break
      }
      guard open() else {
        let reason = SystemCalls.describe(SystemCalls.lastError)
        throw TraceDestinationError("cannot trace to \(path): \(reason)")
      }
    case .pipe:
      guard FileKind.of(path) == .fifo else {
        throw TraceDestinationError(
          "cannot trace to \(path): it is not a named pipe (mkfifo it first)")
      }
      _ = open()
    case .socket:
      let kind = FileKind.of(path)
      guard kind == .socket || kind == .missing else {
        throw TraceDestinationError("cannot trace to \(path): it exists and is not a socket")
      }
      do {
        _ = try UnixSocketPath(path, capacity: SystemCalls.socketPathCapacity)
      } catch {
        throw TraceDestinationError("cannot trace to \(path): \(error)")
      }
      _ = open()
    }
  }

  /// Opens the output if it is closed and the last attempt was long enough ago.
  func reopenIfDue() -> Bool {
    if isOpen { return true }
    let now = TraceClock.now()
    guard lastAttempt == 0 || now &- lastAttempt >= Self.retryNanoseconds else { return false }
    return open()
  }

  private func open() -> Bool {
    lastAttempt = TraceClock.now()
    let path = destination.path
    switch destination {
    case .file:
      fd = SystemCalls.create(path, appending: true)
    case .pipe:
      // NB: opened non-blocking, so that a pipe without a reader fails (ENXIO) instead of
      // waiting; writes then block (on the writer thread only) until the reader takes the lines.
      fd = SystemCalls.openPipeForWriting(path)
    case .socket:
      fd = Self.connect(path)
    }
    if fd >= 0 { openCount += 1 }
    return fd >= 0
  }

  private static func connect(_ path: String) -> Int32 {
    guard let address = try? UnixSocketPath(path, capacity: SystemCalls.socketPathCapacity)
    else { return -1 }
    let fd = SystemCalls.unixStreamSocket()
    guard fd >= 0 else { return -1 }
    SystemCalls.setSendTimeout(fd, seconds: sendTimeoutSeconds)
    guard SystemCalls.connect(fd, to: address) else {
      SystemCalls.close(fd)
      return -1
    }
    return fd
  }

  /// Writes all of `bytes`; on any failure (the reader went away, a write timed out) closes
  /// the output and returns false.
  func write(_ bytes: [UInt8]) -> Bool {
    guard isOpen else { return false }
    if case .pipe = destination {
      // NB: a pipe has no per-write flag like a socket's `MSG_NOSIGNAL`; this write keeps the
      // signal on the writer thread and off the process (see the type's comment).
      let failure = SystemCalls.writeWithoutSIGPIPE(bytes, to: fd)
      guard failure == 0 else {
        lastFailure = failure
        close()
        return false
      }
      return true
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        let rest = UnsafeRawBufferPointer(rebasing: raw[offset...])
        // A regular file raises no SIGPIPE; a socket is sent to with MSG_NOSIGNAL.
        if case .socket = destination { return SystemCalls.send(fd, from: rest) }
        return SystemCalls.write(fd, from: rest)
      }
      if written < 0 {
        if SystemCalls.isInterrupted(SystemCalls.lastError) { continue }
        lastFailure = SystemCalls.lastError
        close()
        return false
      }
      offset += written
    }
    return true
  }

  func close() {
    guard fd >= 0 else { return }
    SystemCalls.close(fd)
    fd = -1
  }

  /// Traps if the invariant above does not hold.
  func checkInvariants() {
    precondition(fd >= -1, "a negative file descriptor other than -1")
    precondition(!isOpen || openCount > 0, "open but never opened")
  }
}
