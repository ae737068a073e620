/// Why a real terminal could not be opened or read, worded for the person who started the app.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
  case notATerminal(stream: String)
  /// `TERM` is unset or empty, so there is no way to know the terminal's escape sequences.
  case terminalTypeUnset
  /// `TERM` names a terminal type with no terminfo entry.
  case unknownTerminalType(String)
  /// `TERM` names a terminal that cannot move its cursor (like `dumb`), so nothing full-screen
  /// can be drawn on it.
  case noCursorAddressing(String)
  /// The terminal's file descriptors could not be opened as C streams.
  case cannotOpenStreams(errno: Int32)
  /// Input keeps failing at once: the terminal went away, so no key can ever arrive.
  case inputClosed

  package var description: String {
    switch self {
    case .notATerminal(let stream):
      return "\(stream) is not a terminal; run the explorer directly in an interactive terminal,"
        + " not through a pipe or a redirect"
    case .terminalTypeUnset:
      return "TERM is not set, so the terminal type is unknown; set it, e.g. TERM=xterm-256color"
    case .unknownTerminalType(let name):
      return "unknown TERM '\(name)': no terminfo entry for it; try TERM=xterm-256color"
    case .noCursorAddressing(let name):
      return "TERM '\(name)' cannot move the cursor, so a full-screen app cannot draw on it;"
        + " run chaintui in a terminal such as xterm (TERM=xterm-256color), or use"
        + " `chaintui script` without a terminal"
    case .cannotOpenStreams(let code):
      return "cannot open the terminal's input and output streams (errno \(code))"
    case .inputClosed:
      return "terminal input closed: no more keys can arrive"
    }
  }
}
