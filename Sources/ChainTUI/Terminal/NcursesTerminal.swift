internal import CNcurses

/// The real terminal, through ncursesw: copies grids to the screen and reads keys.
///
/// NB: this is the only type that touches ncurses. It never calls `initscr`, which `exit()`s on
/// an unknown `TERM`; it uses `newterm` and throws instead. Reads poll with a timeout so the main
/// actor is never blocked indefinitely. ``restore()`` runs `endwin` exactly once, and the same
/// happens from `atexit` and from handlers for terminating and crashing signals.
@MainActor
package final class NcursesTerminal: TerminalBackend {
  /// ncurses' main window of this terminal's screen.
  let window: UnsafeMutablePointer<WINDOW>
  /// The descriptor keys are read from, checked when reads fail to tell "no key" from "closed".
  let inputDescriptor: Int32
  /// Whether cells are drawn in colour; otherwise only attributes (reverse, bold) show.
  package let usesColor: Bool
  /// Whether the terminal was asked to report the mouse; off, the terminal's own selection
  /// works as it does outside the explorer.
  package let reportsMouse: Bool
  /// Whether the terminal accepted -1 as "its default colour" (`use_default_colors`).
  let hasDefaultColors: Bool
  /// The frame on screen, so `present` only copies cells that changed.
  var previous: Grid?
  /// Colour pairs allocated so far, by foreground and background palette index.
  var colorPairs: [Int: Int16] = [:]
  /// Consecutive failed reads while input looked closed; see ``nextKey(timeout:)``.
  var failedReads = 0
  /// Turns the bytes read into keys; it keeps a sequence that is still arriving.
  var decoder = KeyDecoder()
  /// Keys decoded from bytes already read and not yet returned, oldest first.
  var decoded: [Key] = []
  /// Whether the locale is not UTF-8: cells are drawn in ASCII, and box lines with the
  /// terminal's own line-drawing set, instead of sending UTF-8 bytes it would show as garbage.
  let drawsASCII: Bool

  /// Opens the process's controlling terminal (standard input and output) for full-screen use.
  ///
  /// Colours are used when the terminal has them, `colors` is true and `NO_COLOR` is unset or
  /// empty; the mouse is reported when `mouse` is true and `NO_MOUSE` is unset or empty.
  /// Installs the exit and signal handlers that restore the terminal.
  ///
  /// - Parameters:
  ///   - colors: Whether colours may be used at all (false for `--no-color`).
  ///   - mouse: Whether the mouse may be reported at all (false for `--no-mouse`).
  /// - Throws: ``TerminalError`` when stdin or stdout is not a terminal or `TERM` is unusable.
  package convenience init(colors: Bool = true, mouse: Bool = true) throws(TerminalError) {
    let input = TerminalSystemCalls.standardInput
    let output = TerminalSystemCalls.standardOutput
    guard TerminalSystemCalls.isTerminal(input) else {
      throw .notATerminal(stream: "standard input")
    }
    guard TerminalSystemCalls.isTerminal(output) else {
      throw .notATerminal(stream: "standard output")
    }
    guard let type = TerminalSystemCalls.environment("TERM"), !type.isEmpty else {
      throw .terminalTypeUnset
    }
    let noColor = !(TerminalSystemCalls.environment("NO_COLOR") ?? "").isEmpty
    try self.init(
      terminalType: type, input: input, output: output, colors: colors && !noColor,
      mouse: Self.reportsMouse(
        requested: mouse, noMouse: TerminalSystemCalls.environment("NO_MOUSE")))
    Self.installRestoreHandlers()
  }

  /// Opens an ncurses screen on the given descriptors without the tty checks or handlers.
  ///
  /// Tests use this with a pipe and /dev/null to exercise real ncurses without a terminal.
  ///
  /// - Parameters:
  ///   - terminalType: The terminfo name, like `TERM`.
  ///   - input: The descriptor keys are read from.
  ///   - output: The descriptor the screen is written to.
  ///   - colors: Whether colours may be used when the terminal has them.
  ///   - mouse: Whether the terminal is asked to report mouse clicks and the wheel.
  /// - Throws: ``TerminalError`` when the streams cannot be opened or the type is unknown.
  package init(
    terminalType: String, input: Int32, output: Int32, colors: Bool, mouse: Bool = true
  ) throws(TerminalError) {
    let drawsASCII = !Self.localeIsUTF8()
    guard let outputFile = TerminalSystemCalls.stream(output, mode: "w"),
      let inputFile = TerminalSystemCalls.stream(input, mode: "r")
    else {
      throw .cannotOpenStreams(errno: TerminalSystemCalls.lastError)
    }
    guard let screen = newterm(terminalType, outputFile, inputFile) else {
      throw .unknownTerminalType(terminalType)
    }
    set_term(screen)
    Self.screenOpened()
    guard Self.capability("cup") != nil else {
      Self.restoreOnce()
      delscreen(screen)
      throw .noCursorAddressing(terminalType)
    }
    // Without an alternate screen (vt100, the Linux console) the last frame would stay on the
    // terminal after exit; clear it on the way out instead.
    Self.clearsOnRestore(Self.capability("rmcup") == nil)
    guard let window = ck_stdscr() else {
      // newterm succeeded, so this cannot happen; fail like an unusable terminal regardless.
      Self.restoreOnce()
      throw .unknownTerminalType(terminalType)
    }
    cbreak()
    noecho()
    nonl()
    intrflush(window, false)
    // Raw bytes, decoded by KeyDecoder (NcursesTerminal+Input says why); with keypad mode off
    // ncurses never waits ESCDELAY after an Esc, the decoder does.
    // NB: without meta mode ncurses may clear the eighth bit of every byte (it does when the
    // input is not a tty set to 8 bits), which breaks UTF-8 text and X10 mouse reports.
    keypad(window, false)
    meta(window, true)
    curs_set(0)
    wtimeout(window, 0)
    // ncurses turns the terminal's mouse reporting on here (and off in endwin), in the report
    // format terminfo names; the reports themselves arrive as bytes that KeyDecoder reads.
    // Without it (`--no-mouse`, NO_MOUSE) the terminal keeps the mouse for its own selection.
    if mouse {
      mousemask(
        ck_button1_pressed() | ck_button1_clicked() | ck_button1_released()
          | ck_button4_pressed() | ck_button5_pressed(), nil)
    }
    var hasDefaultColors = false
    if colors && has_colors() {
      start_color()
      hasDefaultColors = use_default_colors() == OK
    }
    self.window = window
    self.inputDescriptor = input
    self.usesColor = colors && has_colors()
    self.reportsMouse = mouse
    self.hasDefaultColors = hasDefaultColors
    self.drawsASCII = drawsASCII
  }

  /// Whether the mouse is reported: asked for, and not turned off by `NO_MOUSE` (set and not
  /// empty, as `NO_COLOR` is read).
  ///
  /// - Parameters:
  ///   - requested: False for `--no-mouse`.
  ///   - noMouse: The value of `NO_MOUSE`, or `nil` when it is unset.
  /// - Returns: Whether to turn mouse reporting on.
  package static func reportsMouse(requested: Bool, noMouse: String?) -> Bool {
    requested && (noMouse ?? "").isEmpty
  }

  /// The screen's current size; ncurses updates it before delivering `Key.resize`.
  package var size: Size {
    Size(width: Int(ck_getmaxx(window)), height: Int(ck_getmaxy(window)))
  }

  /// Gives the terminal back to the shell (`endwin`); later calls, and the handlers, do nothing.
  package func restore() {
    Self.restoreOnce()
  }

  /// Takes the user's locale and tells whether its character set is UTF-8.
  ///
  /// NB: a non-UTF-8 locale is kept, not replaced by C.UTF-8: its terminal would show UTF-8
  /// bytes as garbage, so ``present(_:)`` draws ASCII and line-drawing characters instead.
  private static func localeIsUTF8() -> Bool {
    let codeset = TerminalSystemCalls.adoptUserLocaleCodeset()
    return codeset.uppercased().filter { $0 != "-" } == "UTF8"
  }
}
