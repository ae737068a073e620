internal import CNcurses
import Synchronization

/// 0: no screen open, 1: a screen is open, 2: it was restored.
///
/// Atomic because signal handlers race with the main thread, and the compare-exchange is what makes
/// `endwin` run exactly once.
private let screenState = Atomic<Int>(0)

/// Whether restoring clears the screen first: the terminal has no alternate screen.
private let clearOnRestore = Atomic<Bool>(false)

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
    TerminalSystemCalls.atExit { NcursesTerminal.restoreOnce() }
    for signal in TerminalSystemCalls.terminatingSignals {
      TerminalSystemCalls.handle(signal) { signal in
        NcursesTerminal.restoreOnce()
        TerminalSystemCalls.exitNow(128 + signal)
      }
    }
    for signal in TerminalSystemCalls.crashSignals where signal < 65 {
      TerminalSystemCalls.handle(signal) { signal in
        NcursesTerminal.restoreOnce()
        TerminalSystemCalls.reportCrash(signal: signal)
        // NB: the default action, not the previous one: Swift's backtracer would stop at an
        // interactive prompt on the terminal we just gave back, and the process would hang there.
        TerminalSystemCalls.handle(signal, with: nil)
        TerminalSystemCalls.raiseSignal(signal)
      }
    }
  }

  /// Whether ``installRestoreHandlers()`` already ran.
  private static var handlersInstalled = false
}
