internal import CNcurses

extension NcursesTerminal {
  /// Consecutive failed reads on closed input after which reading gives up.
  static let failedReadLimit = 20

  /// Waits up to `timeout` for a key, a click or a resize.
  ///
  /// NB: when input is closed, ncurses returns ERR at once, forever; after a run of such reads
  /// this throws so the caller's loop ends instead of spinning at 100% CPU.
  ///
  /// - Parameter timeout: The longest wait; zero polls.
  /// - Returns: The event, or `nil` when nothing (or nothing understood) arrived.
  /// - Throws: ``TerminalError/inputClosed`` when input has ended.
  package func nextKey(timeout: Duration) throws(TerminalError) -> Key? {
    let (seconds, attoseconds) = timeout.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    wtimeout(window, Int32(clamping: max(0, milliseconds)))
    var value: wint_t = 0
    let result = wget_wch(window, &value)
    if result == ERR {
      if inputHasEnded() {
        failedReads += 1
        if failedReads >= Self.failedReadLimit { throw .inputClosed }
      } else {
        failedReads = 0
      }
      return nil
    }
    failedReads = 0
    return result == KEY_CODE_YES ? key(code: Int32(value)) : key(character: UInt32(value))
  }

  /// Whether the input descriptor is at end of file or broken, as opposed to merely quiet.
  private func inputHasEnded() -> Bool {
    // Readable right after ncurses read nothing means end of file.
    TerminalSystemCalls.isEndedOrBroken(inputDescriptor)
  }

  /// Decodes a character ncurses returned; control bytes become named keys.
  func key(character value: UInt32) -> Key? {
    switch value {
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace  // Terminals send either for Backspace.
    case 1...26:
      return Unicode.Scalar(value + 96).map { .ctrl(Character($0)) }
    case 0..<32: return nil
    default:
      return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }

  /// Decodes a key code (arrows, function keys, mouse, resize).
  func key(code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_BTAB: return .shiftTab
    case KEY_DC: return .delete
    case KEY_BACKSPACE: return .backspace
    case KEY_ENTER: return .enter
    case KEY_RESIZE:
      // ncurses has already resized the screen; the next frame must be drawn in full.
      previous = nil
      let size = self.size
      return .resize(width: size.width, height: size.height)
    case KEY_MOUSE:
      var event = MEVENT()
      guard getmouse(&event) == OK else { return nil }
      if event.bstate & ck_button4_pressed() != 0 {
        return .mouseWheel(up: true, x: Int(event.x), y: Int(event.y))
      }
      if event.bstate & ck_button5_pressed() != 0 {
        return .mouseWheel(up: false, x: Int(event.x), y: Int(event.y))
      }
      let press = ck_button1_pressed() | ck_button1_clicked()
      guard event.bstate & press != 0 else { return nil }
      return .mouseClick(x: Int(event.x), y: Int(event.y))
    default:
      for number in 1...12 where code == ck_key_f(Int32(number)) { return .f(number) }
      return nil
    }
  }
}
