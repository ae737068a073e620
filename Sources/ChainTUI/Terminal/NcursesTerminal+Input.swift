internal import CNcurses

/// Reading keys: ncurses hands over raw bytes (keypad mode is off) and ``KeyDecoder`` makes keys.
///
/// NB: keypad mode is off on purpose. With it on, ncurses knows only the sequences the terminfo
/// entry of `TERM` lists, and passes every other one through byte by byte: under tmux with
/// `TERM=xterm-256color`, End arrives as `ESC [ 4 ~` (terminfo says `ESC O F`), which would
/// reach the app as Esc, `4` (a scene switch) and `~`. The decoder knows the sequences of every common terminal
/// at once and drops whole the ones it does not, so no terminfo mismatch leaks keys. ncurses
/// still delivers `KEY_RESIZE` (it does not depend on keypad mode), still turns mouse reporting
/// on and off from `mousemask`, and reads with a timeout, so the main actor is never blocked.
extension NcursesTerminal {
  /// Consecutive failed reads on closed input after which reading gives up.
  static let failedReadLimit = 20

  /// How long a lone Esc waits for a byte that would make it the start of a sequence; short,
  /// so Esc feels immediate (a person cannot type the next key this fast).
  static let escapeWait: Int32 = 25

  /// How long the rest of a sequence under way may take: a terminal writes a sequence in one
  /// burst, so this only matters when a slow link splits one, and then waiting beats leaking.
  static let sequenceWait: Int32 = 100

  /// Waits up to `timeout` for a key, a click or a resize.
  ///
  /// NB: when input is closed, ncurses returns ERR at once, forever; after a run of such reads
  /// this throws so the caller's loop ends instead of spinning at 100% CPU.
  ///
  /// - Parameter timeout: The longest wait for the first byte; zero polls.
  /// - Returns: The event, or `nil` when nothing (or nothing understood) arrived.
  /// - Throws: ``TerminalError/inputClosed`` when input has ended.
  package func nextKey(timeout: Duration) throws(TerminalError) -> Key? {
    if !decoded.isEmpty { return decoded.removeFirst() }
    var wait = Int32(clamping: max(0, timeout.wholeMilliseconds))
    while true {
      wtimeout(window, wait)
      let code = wgetch(window)
      if code == ERR {
        try noteFailedRead()
        decoded += decoder.flush()
        return decoded.isEmpty ? nil : decoded.removeFirst()
      }
      failedReads = 0
      if code == KEY_RESIZE {
        // ncurses has already resized the screen; the next frame must be drawn in full.
        previous = nil
        let size = self.size
        return .resize(width: size.width, height: size.height)
      }
      // With keypad mode off, every other value is a byte.
      guard let byte = UInt8(exactly: code) else { continue }
      decoded += decoder.decode(CollectionOfOne(byte))
      switch decoder.pending {
      case .nothing:
        if !decoded.isEmpty { return decoded.removeFirst() }
        wait = 0  // A dropped sequence: take what else has arrived, then let the loop run.
      case .escape: wait = Self.escapeWait
      case .sequence: wait = Self.sequenceWait
      }
    }
  }

  /// Counts a read that returned nothing while input looked closed, and throws after too many.
  private func noteFailedRead() throws(TerminalError) {
    // Readable right after ncurses read nothing means end of file.
    guard TerminalSystemCalls.isEndedOrBroken(inputDescriptor) else {
      failedReads = 0
      return
    }
    failedReads += 1
    if failedReads >= Self.failedReadLimit { throw .inputClosed }
  }
}
