#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The open file, pipe or socket a ``TraceStream`` writes to: the one type of the stream that
/// holds a file descriptor.
///
/// NB: `@unchecked Sendable`. The invariant, written once here and checked by
/// ``checkInvariants()``: an output is used by one thread at a time: the thread that creates it
/// opens it first, then hands it to the stream's writer thread, which alone uses it from then
/// on. `fd` is -1 exactly when the output is closed.
///
/// Writing never raises SIGPIPE: sockets are written with `MSG_NOSIGNAL` (or `SO_NOSIGPIPE`),
/// and SIGPIPE is ignored before a pipe is opened if nobody handles it. A reader that goes
/// away closes the output; ``reopenIfDue()`` tries again at most every ``retryNanoseconds``.
final class TraceOutput: @unchecked Sendable {
  let destination: TraceDestination
  private var fd: Int32 = -1
  private var lastAttempt: UInt64 = 0
  /// How many times the output was opened.
  private(set) var openCount = 0
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
        throw TraceDestinationError("cannot trace to \(path): \(String(cString: strerror(errno)))")
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
      guard path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else {
        throw TraceDestinationError("cannot trace to \(path): the socket path is too long")
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
      fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
    case .pipe:
      Self.ignoreSIGPIPEUnlessHandled()
      // NB: non-blocking, so that a pipe without a reader fails (ENXIO) instead of waiting;
      // writes then block (on the writer thread only) until the reader takes the lines.
      fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
    case .socket:
      fd = Self.connect(path)
    }
    if fd >= 0 { openCount += 1 }
    return fd >= 0
  }

  private static func connect(_ path: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return -1 }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    let bytes = Array(path.utf8)
    guard bytes.count < capacity else {
      _ = Glibc.close(fd)
      return -1
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    var timeout = timeval(tv_sec: sendTimeoutSeconds, tv_usec: 0)
    _ = setsockopt(
      fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      _ = Glibc.close(fd)
      return -1
    }
    return fd
  }

  /// Writes all of `bytes`; on any failure (the reader went away, a write timed out) closes
  /// the output and returns false.
  func write(_ bytes: [UInt8]) -> Bool {
    guard isOpen else { return false }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        let start = raw.baseAddress.map { $0 + offset }
        let count = raw.count - offset
        if case .socket = destination { return send(fd, start, count, Int32(MSG_NOSIGNAL)) }
        return Glibc.write(fd, start, count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        close()
        return false
      }
      offset += written
    }
    return true
  }

  func close() {
    guard fd >= 0 else { return }
    _ = Glibc.close(fd)
    fd = -1
  }

  /// Traps if the invariant above does not hold.
  func checkInvariants() {
    precondition(fd >= -1, "a negative file descriptor other than -1")
    precondition(!isOpen || openCount > 0, "open but never opened")
  }

  /// SIGPIPE kills a process that writes to a pipe whose reader left; ignore it unless the
  /// program chose a handler of its own.
  private static func ignoreSIGPIPEUnlessHandled() {
    var current = sigaction()
    guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
    if current.__sigaction_handler.sa_handler == nil {  // SIG_DFL
      _ = signal(SIGPIPE, SIG_IGN)
    }
  }
}
