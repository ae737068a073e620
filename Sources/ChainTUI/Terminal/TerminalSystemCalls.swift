// The one file of ChainTUI that imports the C library (ncurses comes through CNcurses). Sockets
// and files go through ChainKit's `SystemCalls`; this is the terminal's share: tty checks, the
// environment, streams for ncurses, the locale, polling input, and the signal handlers that give
// the terminal back.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("ChainTUI needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// The operating system calls of the terminal, one small function each, per platform.
///
/// Verified where: the Glibc branch is built and tested on Linux; the Darwin and Musl branches
/// are written to their headers' Swift imports but not compiled here.
enum TerminalSystemCalls {
  /// A C stream, as ncurses' `newterm` takes it.
  typealias Stream = UnsafeMutablePointer<FILE>

  static let standardInput = STDIN_FILENO
  static let standardOutput = STDOUT_FILENO

  /// The calling thread's `errno`.
  static var lastError: Int32 { errno }

  /// Whether `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The environment variable `name`, if set.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// A C stream on `fd` opened with `mode` ("r", "w").
  static func stream(_ fd: Int32, mode: String) -> Stream? { fdopen(fd, mode) }

  /// Takes the user's locale (`LC_ALL=""`) and returns its character set's name.
  static func adoptUserLocaleCodeset() -> String {
    setlocale(LC_ALL, "")
    return String(cString: nl_langinfo(nl_item(CODESET)))
  }

  /// Whether `fd` is at end of file or broken: readable (or hung up) right now, without waiting.
  static func isEndedOrBroken(_ fd: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) >= 0 else { return errno != EINTR }
    let ended = Int32(POLLIN) | Int32(POLLHUP) | Int32(POLLERR) | Int32(POLLNVAL)
    return Int32(descriptor.revents) & ended != 0
  }

  // MARK: Signals and exit

  static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

  /// Runs `handler` at exit.
  static func atExit(_ handler: @convention(c) () -> Void) { atexit(handler) }

  /// Ends the process at once with `status`, running no exit handlers (safe in a signal handler).
  static func exitNow(_ status: Int32) -> Never { _exit(status) }

  /// Raises `signal` in this process.
  static func raiseSignal(_ signal: Int32) { _ = raise(signal) }

  /// Says on standard error that the process crashed with `signal` (below 100) and the terminal
  /// was restored.
  ///
  /// NB: async-signal-safe: static text and two digits on the stack, written with `write`; no
  /// allocation, no locks, unlike a Swift string's interpolation.
  static func reportCrash(signal: Int32) {
    writeToStandardError("chaintui: crashed (signal ")
    var digits: (UInt8, UInt8) = (UInt8(48 + signal / 10 % 10), UInt8(48 + signal % 10))
    withUnsafeBytes(of: &digits) { raw in
      let skip = signal < 10 ? 1 : 0
      _ = write(STDERR_FILENO, raw.baseAddress.map { $0 + skip }, 2 - skip)
    }
    writeToStandardError("); the terminal was restored\n")
  }

  private static func writeToStandardError(_ message: StaticString) {
    _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
  }

  /// Runs `handler` for `signal`, or the default action for a nil handler.
  static func handle(_ signal: Int32, with handler: (@convention(c) (Int32) -> Void)?) {
    var action = sigaction()
    // NB: the handler's union field is named differently by each C library; nil is SIG_DFL.
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Musl)
      action.__sa_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
  }
}
