#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to a file descriptor without ever raising SIGPIPE, and without touching the
/// process's signal disposition.
///
/// A write to a pipe whose reader is gone raises SIGPIPE on the writing thread, which kills a
/// process that kept the default disposition (`myprogram | head`, exit 141). Ignoring the signal
/// process-wide would change what the user's program does; instead SIGPIPE is blocked on this
/// thread for the write, and the one the write raised, if any, is taken off the thread's
/// pending set with `sigtimedwait` before the mask is restored. A SIGPIPE that was already
/// pending before the write is left as it was. On Darwin the descriptor is marked
/// `F_SETNOSIGPIPE` instead, which makes the write fail with `EPIPE` and raise nothing.
enum QuietWrite {
  /// Writes all of `bytes` to `fd`, retrying after interrupts and short writes.
  ///
  /// - Returns: `0` if everything was written, else the `errno` of the failed write (`EPIPE`
  ///   when the reader is gone).
  static func write(_ bytes: [UInt8], to fd: Int32) -> Int32 {
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
      let written = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return unistdWrite(fd, base + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }

  private static func unistdWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }
}
