// The one file of ChainKit that imports the C library. Every call to the operating system goes
// through `SystemCalls`, whose branches say what differs by platform; the rest of the module, and
// ChainTUI's sockets and files (through `package`), see only Swift types.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("ChainKit needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// The operating system calls ChainKit makes, one small function each, per platform.
///
/// Verified where: the Glibc branch is built and tested on Linux. The Darwin and Musl branches are
/// written to their headers' Swift imports but not compiled here; what they decide (path packing,
/// SIGPIPE strategy, file kinds) is plain Swift in `UnixSocketPath.swift`, tested on Linux.
package enum SystemCalls {
  // MARK: Errors

  /// The calling thread's `errno`.
  package static var lastError: Int32 { errno }
  /// Whether `code` says a call was interrupted by a signal and should be made again.
  package static func isInterrupted(_ code: Int32) -> Bool { code == EINTR }
  /// Whether `code` says a non-blocking call found nothing to do.
  package static func wouldBlock(_ code: Int32) -> Bool { code == EAGAIN || code == EWOULDBLOCK }
  /// The system's text for `code`.
  package static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  // MARK: Files

  /// The `st_mode` of `path`, following symbolic links; nil if it cannot be read.
  package static func fileMode(_ path: String) -> UInt32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt32(truncatingIfNeeded: info.st_mode)
  }

  /// The size of the open file `fd`.
  package static func fileSize(_ fd: Int32) -> Int64? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    return Int64(info.st_size)
  }

  /// Creates or truncates `path` for writing, appending if asked; -1 on failure.
  package static func create(_ path: String, appending: Bool) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (appending ? O_APPEND : 0), 0o644)
  }

  /// Opens the named pipe `path` for writing, without waiting for a reader.
  ///
  /// Returns -1 if no reader has it open; the descriptor it returns blocks.
  package static func openPipeForWriting(_ path: String) -> Int32 {
    let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    if fd >= 0 { setNonBlocking(fd, false) }
    return fd
  }

  /// Opens `path` for reading without blocking: a named pipe does not wait for its writer.
  ///
  /// Returns -1 on failure.
  package static func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  }

  /// Moves the read position of `fd` back to the file's start.
  package static func rewind(_ fd: Int32) { _ = lseek(fd, 0, SEEK_SET) }

  /// Reads into `buffer`; the count, 0 at the end, or -1 (see ``lastError``).
  package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer.baseAddress, buffer.count)
    #elseif canImport(Musl)
      Musl.read(fd, buffer.baseAddress, buffer.count)
    #else
      Darwin.read(fd, buffer.baseAddress, buffer.count)
    #endif
  }

  /// Writes from `buffer`; the count written, or -1 (see ``lastError``).
  package static func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer.baseAddress, buffer.count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer.baseAddress, buffer.count)
    #else
      Darwin.write(fd, buffer.baseAddress, buffer.count)
    #endif
  }

  /// Closes `fd`.
  package static func close(_ fd: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(fd)
    #elseif canImport(Musl)
      _ = Musl.close(fd)
    #else
      _ = Darwin.close(fd)
    #endif
  }

  /// Removes the file `path`.
  package static func unlink(_ path: String) {
    #if canImport(Glibc)
      _ = Glibc.unlink(path)
    #elseif canImport(Musl)
      _ = Musl.unlink(path)
    #else
      _ = Darwin.unlink(path)
    #endif
  }

  /// Makes reads and writes on `fd` return at once (`true`) or wait (`false`).
  package static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) {
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
  }

  /// Whether `fd` is non-blocking.
  package static func isNonBlocking(_ fd: Int32) -> Bool { fcntl(fd, F_GETFL) & O_NONBLOCK != 0 }

  // MARK: Unix domain sockets

  /// The size of `sockaddr_un.sun_path` here: 108 on Linux, 104 on Darwin.
  package static var socketPathCapacity: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) }

  /// How this platform keeps socket writes from raising SIGPIPE.
  package static var brokenPipeGuard: BrokenPipeGuard {
    #if canImport(Darwin)
      .socketOption
    #else
      .sendFlag(Int32(MSG_NOSIGNAL))
    #endif
  }

  /// A new Unix domain stream socket, closed on exec and never raising SIGPIPE; -1 on failure.
  package static func unixStreamSocket() -> Int32 {
    #if canImport(Glibc)
      // NB: Glibc imports SOCK_STREAM as an enum (`__socket_type`); Musl and Darwin as Int32.
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #elseif canImport(Musl)
      let fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)
    #else
      // NB: Darwin has no SOCK_CLOEXEC; the flag is set right after.
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
      if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    #endif
    guard fd >= 0 else { return -1 }
    if brokenPipeGuard.setsSocketOption { setNoSIGPIPE(fd) }
    return fd
  }

  /// Connects `fd` to the socket at `path`; whether it worked.
  package static func connect(_ fd: Int32, to path: UnixSocketPath) -> Bool {
    withAddress(path) { address, length in
      #if canImport(Glibc)
        Glibc.connect(fd, address, length) == 0
      #elseif canImport(Musl)
        Musl.connect(fd, address, length) == 0
      #else
        Darwin.connect(fd, address, length) == 0
      #endif
    }
  }

  /// Binds `fd` to `path` and listens with room for `backlog` waiting connections.
  package static func bindAndListen(_ fd: Int32, to path: UnixSocketPath, backlog: Int32) -> Bool {
    let bound = withAddress(path) { address, length in
      #if canImport(Glibc)
        Glibc.bind(fd, address, length) == 0
      #elseif canImport(Musl)
        Musl.bind(fd, address, length) == 0
      #else
        Darwin.bind(fd, address, length) == 0
      #endif
    }
    return bound && listen(fd, backlog) == 0
  }

  /// A waiting connection on the listening `fd`, or -1 if none (see ``lastError``).
  package static func accept(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.accept(fd, nil, nil)
    #elseif canImport(Musl)
      Musl.accept(fd, nil, nil)
    #else
      Darwin.accept(fd, nil, nil)
    #endif
  }

  /// Receives into `buffer`; the count, 0 when the peer closed, or -1 (see ``lastError``).
  package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    recv(fd, buffer.baseAddress, buffer.count, 0)
  }

  /// Sends from `buffer` without raising SIGPIPE; the count sent, or -1 (see ``lastError``).
  package static func send(_ fd: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
      Glibc.send(fd, buffer.baseAddress, buffer.count, brokenPipeGuard.sendFlags)
    #elseif canImport(Musl)
      Musl.send(fd, buffer.baseAddress, buffer.count, brokenPipeGuard.sendFlags)
    #else
      Darwin.send(fd, buffer.baseAddress, buffer.count, brokenPipeGuard.sendFlags)
    #endif
  }

  /// Makes a blocked send on `fd` give up after `seconds`.
  package static func setSendTimeout(_ fd: Int32, seconds: Int) {
    // NB: `tv_usec` is an Int on Linux and an Int32 on Darwin; the literal fits both.
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  private static func setNoSIGPIPE(_ fd: Int32) {
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Calls `body` with `path` as a `sockaddr` and its length.
  private static func withAddress<Result>(
    _ path: UnixSocketPath, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    #if canImport(Darwin)
      // NB: BSD sockets carry the address's length in the address too.
      address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
    #endif
    withUnsafeMutableBytes(of: &address.sun_path) { path.copy(into: $0) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  // MARK: Signals

  /// Writes all of `bytes` to `fd`, retrying after interrupts and short writes, without ever
  /// raising SIGPIPE and without touching the process's signal disposition.
  ///
  /// A write to a pipe whose reader is gone raises SIGPIPE on the writing thread, which kills a
  /// process that kept the default disposition (`myprogram | head`, exit 141). Ignoring the
  /// signal process-wide would change what the user's program does; instead SIGPIPE is blocked
  /// on this thread for the write, and the one the write raised, if any, is taken off the
  /// thread's pending set with `sigtimedwait` before the mask is restored. A SIGPIPE already
  /// pending before the write is left as it was. On Darwin the descriptor is marked
  /// `F_SETNOSIGPIPE` instead, which makes the write fail with `EPIPE` and raise nothing.
  ///
  /// - Returns: `0` if everything was written, else the `errno` of the failed write (`EPIPE`
  ///   when the reader is gone).
  package static func writeWithoutSIGPIPE(_ bytes: [UInt8], to fd: Int32) -> Int32 {
    #if canImport(Darwin)
      _ = fcntl(fd, F_SETNOSIGPIPE, 1)
      return writeAll(bytes, to: fd)
    #else
      var pipeOnly = sigset_t()
      sigemptyset(&pipeOnly)
      sigaddset(&pipeOnly, SIGPIPE)
      var saved = sigset_t()
      guard pthread_sigmask(SIG_BLOCK, &pipeOnly, &saved) == 0 else {
        return writeAll(bytes, to: fd)
      }
      var pending = sigset_t()
      sigpending(&pending)
      let wasPending = sigismember(&pending, SIGPIPE) == 1
      let failure = writeAll(bytes, to: fd)
      if failure == EPIPE, !wasPending {
        // The write raised SIGPIPE for this thread; it is pending, as it is blocked: take it.
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeOnly, nil, &noWait) < 0, errno == EINTR {}
      }
      pthread_sigmask(SIG_SETMASK, &saved, nil)
      return failure
    #endif
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        write(fd, from: UnsafeRawBufferPointer(rebasing: raw[offset...]))
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }

  // MARK: Threads and time

  /// A POSIX mutex, for ``Locked``.
  typealias MutexStorage = pthread_mutex_t
  /// A thread's identity, for ``DescriptionBox``.
  typealias ThreadID = pthread_t

  /// Initializes the mutex at `mutex` (allocated, not yet initialized).
  static func initializeMutex(_ mutex: UnsafeMutablePointer<MutexStorage>) {
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  /// Destroys the mutex at `mutex`.
  static func destroyMutex(_ mutex: UnsafeMutablePointer<MutexStorage>) {
    pthread_mutex_destroy(mutex)
  }

  /// Locks `mutex`.
  @inline(__always)
  static func lock(_ mutex: UnsafeMutablePointer<MutexStorage>) {
    pthread_mutex_lock(mutex)
  }

  /// Unlocks `mutex`.
  @inline(__always)
  static func unlock(_ mutex: UnsafeMutablePointer<MutexStorage>) {
    pthread_mutex_unlock(mutex)
  }

  /// The calling thread.
  static func currentThread() -> ThreadID { pthread_self() }

  /// Whether `a` and `b` are the same thread.
  static func isSameThread(_ a: ThreadID, _ b: ThreadID) -> Bool { pthread_equal(a, b) != 0 }

  /// Lets another thread run.
  static func yieldThread() { _ = sched_yield() }

  /// Nanoseconds of the monotonic clock, since an arbitrary fixed point.
  @inline(__always)
  static func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(truncatingIfNeeded: spec.tv_sec) &* 1_000_000_000
      &+ UInt64(truncatingIfNeeded: spec.tv_nsec)
  }
}
