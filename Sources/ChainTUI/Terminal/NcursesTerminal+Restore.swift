internal import CNcurses
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// 0: no screen open, 1: a screen is open, 2: it was restored.
///
/// Atomic because signal handlers race with the main thread, and the compare-exchange is what makes
/// `endwin` run exactly once.
private let screenState = Atomic<Int>(0)

/// Whether restoring clears the screen first: the terminal has no alternate screen.
private let clearOnRestore = Atomic<Bool>(false)

/// Puts back the default action for `signal`, so re-raising it ends the process.
private func restoreDefaultAction(_ signal: Int32) {
  var action = sigaction()
  sigemptyset(&action.sa_mask)
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = SIG_DFL
  #else
    action.__sigaction_u.__sa_handler = SIG_DFL
  #endif
  sigaction(signal, &action, nil)
}

private let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

extension NcursesTerminal {
  /// Marks a screen as open, so the next restore calls `endwin`.
  static func screenOpened() {
    screenState.store(1, ordering: .sequentiallyConsistent)
  }

  /// Calls `endwin` if a screen is open and not yet restored; safe from any thread and handler.
  nonisolated static func restoreOnce() {
    guard
      screenState.compareExchange(expected: 1, desired: 2, ordering: .sequentiallyConsistent)
        .exchanged
    else { return }
    if clearOnRestore.load(ordering: .sequentiallyConsistent) { ck_clear_screen() }
    endwin()
  }

  /// Sets whether ``restoreOnce()`` clears the screen before giving it back.
  static func clearsOnRestore(_ clears: Bool) {
    clearOnRestore.store(clears, ordering: .sequentiallyConsistent)
  }

  /// Whether the terminal has been given back (for tests of the exit paths).
  nonisolated static var isRestored: Bool {
    screenState.load(ordering: .sequentiallyConsistent) != 1
  }

  /// Restores the terminal on exit, on Ctrl-C / kill / hang-up (exiting with 128 + signal), and
  /// before a crash; installed once per process.
  static func installRestoreHandlers() {
    guard !handlersInstalled else { return }
    handlersInstalled = true
    atexit { NcursesTerminal.restoreOnce() }
    for signal in terminatingSignals {
      var action = signalAction { signal in
        NcursesTerminal.restoreOnce()
        _exit(128 + signal)
      }
      sigaction(signal, &action, nil)
    }
    for signal in crashSignals where signal < 65 {
      var action = signalAction { signal in
        NcursesTerminal.restoreOnce()
        let message = "chaintui: crashed (signal \(signal)); the terminal was restored\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        // NB: the default action, not the previous one: Swift's backtracer would stop at an
        // interactive prompt on the terminal we just gave back, and the process would hang there.
        restoreDefaultAction(signal)
        raise(signal)
      }
      sigaction(signal, &action, nil)
    }
  }

  /// A signal action running a plain handler; the union's field name differs by C library.
  private static func signalAction(_ handler: @convention(c) (Int32) -> Void) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    return action
  }

  /// Whether ``installRestoreHandlers()`` already ran.
  private static var handlersInstalled = false
}
