/// Turns the bytes a terminal sends into keys: whole escape sequences, UTF-8 text, control bytes
/// and mouse reports; a sequence it does not know is dropped whole, never passed on as keys.
///
/// It is a value with no I/O and no clock, so the real terminal and the headless one decode the
/// same way and tests feed it the bytes real terminals send. Feed bytes as they arrive with
/// ``decode(_:)``; a sequence split across reads is completed by the next call. When the input
/// stops while ``pending`` is not `.nothing`, the reader waits a little for more bytes and then
/// calls ``flush()``: a lone Esc becomes ``Key/escape``, a cut-off sequence is dropped.
///
/// What it reads (xterm, tmux and screen, rxvt-unicode and the Linux console):
/// - CSI, `ESC [ params intermediates final`: cursor and editing keys (`ESC [ A`, `ESC [ 4 ~`),
///   function keys (`ESC [ 1 5 ~`), xterm's modifiers (`ESC [ 1 ; 5 A`), rxvt's (`ESC [ 2 ^`,
///   `ESC [ 5 $`, `ESC [ a`), `ESC [ 27 ; m ; c ~` and `ESC [ c ; m u`, the Linux console's
///   `ESC [ [ A` to `ESC [ [ E`, and mouse reports (X10 `ESC [ M b x y`, SGR `ESC [ < b ; x ; y M`).
/// - SS3, `ESC O x`: application-mode cursor keys, F1-F4, keypad keys, rxvt's `ESC O a`.
/// - Alt: Esc before a key or a sequence (`ESC a`, rxvt's `ESC ESC [ A`) adds Alt.
package struct KeyDecoder: Sendable, Hashable {
  /// What an unfinished input is waiting for, which tells the reader how long to wait.
  package enum Pending: Sendable, Hashable {
    /// Nothing: every byte so far made a key or was dropped.
    case nothing
    /// A lone Esc, which is the Esc key unless another byte follows at once.
    case escape
    /// The rest of a sequence or character already under way; its bytes come in one burst.
    case sequence
  }

  enum State: Sendable, Hashable {
    case ground
    /// After Esc; `doubled` after two, where a third byte may make an Alt-modified sequence.
    case escape(doubled: Bool)
    /// After `ESC [`: the parameter and intermediate bytes so far.
    case csi(alt: Bool, bytes: [UInt8], overflow: Bool)
    /// After `ESC O`: modifier digits some terminals put before the final byte.
    case ss3(alt: Bool, bytes: [UInt8], overflow: Bool)
    /// After the Linux console's `ESC [ [`.
    case linuxFunction(alt: Bool)
    /// After `ESC [ M`: the X10 mouse report's three bytes so far.
    case x10Mouse(bytes: [UInt8])
    /// Inside a UTF-8 character: the bytes so far and how many it has.
    case utf8(alt: Bool, bytes: [UInt8], length: Int)
  }

  /// The most parameter and intermediate bytes a sequence may have; a longer one is dropped.
  static let sequenceLimit = 32

  private(set) var state = State.ground

  /// Creates a decoder with nothing pending.
  package init() {}

  /// What the input decoded so far waits for.
  package var pending: Pending {
    switch state {
    case .ground: .nothing
    case .escape(doubled: false): .escape
    default: .sequence
    }
  }

  /// Decodes bytes as they arrive.
  ///
  /// - Parameter bytes: The next bytes from the terminal.
  /// - Returns: The keys they complete, in order; a trailing unfinished sequence is kept.
  package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes { step(byte, into: &keys) }
    return keys
  }

  /// Ends the unfinished input, because no more bytes came in time.
  ///
  /// - Returns: Esc for a lone Esc (two for two), Alt-`[` or Alt-`O` for an Esc and that letter
  ///   alone, and nothing for a cut-off sequence or character.
  package mutating func flush() -> [Key] {
    defer { state = .ground }
    switch state {
    case .escape(let doubled): return doubled ? [.escape, .escape] : [.escape]
    case .csi(let alt, let bytes, let overflow) where bytes.isEmpty && !overflow:
      return (alt ? [.escape] : []) + [KeyChord(.alt, .character("[")).key]
    case .ss3(let alt, let bytes, let overflow) where bytes.isEmpty && !overflow:
      return (alt ? [.escape] : []) + [KeyChord(.alt, .character("O")).key]
    default: return []
    }
  }

  private mutating func step(_ byte: UInt8, into keys: inout [Key]) {
    switch state {
    case .ground:
      ground(byte, alt: false, into: &keys)
    case .escape(let doubled):
      escape(byte, doubled: doubled, into: &keys)
    case .csi(let alt, var bytes, var overflow):
      if bytes.isEmpty, !overflow, byte == UInt8(ascii: "[") {
        state = .linuxFunction(alt: alt)
      } else if bytes.isEmpty, !overflow, byte == UInt8(ascii: "M") {
        state = .x10Mouse(bytes: [])
      } else if (0x20...0x3F).contains(byte), !Self.endsRxvtKey(byte, after: bytes) {
        if bytes.count < Self.sequenceLimit { bytes.append(byte) } else { overflow = true }
        state = .csi(alt: alt, bytes: bytes, overflow: overflow)
      } else if (0x20...0x7E).contains(byte) {
        state = .ground
        if !overflow, let key = Self.csiKey(bytes, final: byte, alt: alt) { keys.append(key) }
      } else {
        abort(at: byte, into: &keys)
      }
    case .ss3(let alt, var bytes, var overflow):
      if (0x30...0x3B).contains(byte) {
        if bytes.count < Self.sequenceLimit { bytes.append(byte) } else { overflow = true }
        state = .ss3(alt: alt, bytes: bytes, overflow: overflow)
      } else if (0x40...0x7E).contains(byte) {
        state = .ground
        if !overflow, let key = Self.ss3Key(bytes, final: byte, alt: alt) { keys.append(key) }
      } else {
        abort(at: byte, into: &keys)
      }
    case .linuxFunction(let alt):
      if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(byte) {
        state = .ground
        let number = Int(byte - UInt8(ascii: "A")) + 1
        keys.append(KeyChord(alt ? .alt : [], .f(number)).key)
      } else if (0x20...0x7E).contains(byte) {
        state = .ground
      } else {
        abort(at: byte, into: &keys)
      }
    case .x10Mouse(var bytes):
      bytes.append(byte)
      guard bytes.count == 3 else {
        state = .x10Mouse(bytes: bytes)
        return
      }
      state = .ground
      if bytes[0] >= 32, bytes[1] >= 33, bytes[2] >= 33,
        let key = Self.mouse(
          button: Int(bytes[0]) - 32, x: Int(bytes[1]) - 33, y: Int(bytes[2]) - 33,
          released: false)
      {
        keys.append(key)
      }
    case .utf8(let alt, var bytes, let length):
      guard byte & 0xC0 == 0x80 else {
        abort(at: byte, into: &keys)
        return
      }
      bytes.append(byte)
      guard bytes.count == length else {
        state = .utf8(alt: alt, bytes: bytes, length: length)
        return
      }
      state = .ground
      var iterator = bytes.makeIterator()
      var codec = UTF8()
      if case .scalarValue(let scalar) = codec.decode(&iterator) {
        keys.append(KeyChord(alt ? .alt : [], .character(Character(scalar))).key)
      }
    }
  }

  /// A byte outside any sequence: a control byte, text, or the start of a sequence or character.
  private mutating func ground(_ byte: UInt8, alt: Bool, into keys: inout [Key]) {
    let modifiers: KeyChord.Modifiers = alt ? .alt : []
    let key: Key
    switch byte {
    case 0x1B:
      state = .escape(doubled: false)
      return
    case 0x0D, 0x0A: key = .enter
    case 0x09: key = .tab
    case 0x7F, 0x08: key = .backspace  // Terminals send either for Backspace.
    case 0x00: key = .ctrl(" ")
    case 0x01...0x1A: key = .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    case 0x1C...0x1F: key = .ctrl(Character(Unicode.Scalar(byte + 0x40)))
    case 0x20...0x7E: key = .character(Character(Unicode.Scalar(byte)))
    case 0xC2...0xDF, 0xE0...0xEF, 0xF0...0xF4:
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      state = .utf8(alt: alt, bytes: [byte], length: length)
      return
    default:
      return  // A stray continuation byte or one UTF-8 never uses.
    }
    keys.append(KeyChord(modifiers, key).key)
  }

  private mutating func escape(_ byte: UInt8, doubled: Bool, into keys: inout [Key]) {
    switch byte {
    case 0x1B:
      if doubled { keys.append(.escape) }
      state = .escape(doubled: true)
    case UInt8(ascii: "["):
      state = .csi(alt: doubled, bytes: [], overflow: false)
    case UInt8(ascii: "O"):
      state = .ss3(alt: doubled, bytes: [], overflow: false)
    default:
      if doubled { keys.append(.escape) }
      state = .ground
      ground(byte, alt: true, into: &keys)
    }
  }

  /// A byte that cannot continue the sequence under way (a control byte, Esc, non-ASCII): the
  /// sequence is dropped and the byte read afresh, as terminals do.
  private mutating func abort(at byte: UInt8, into keys: inout [Key]) {
    state = .ground
    step(byte, into: &keys)
  }

  /// NB: rxvt ends Shift-modified editing keys with `$` (`ESC [ 5 $`), which ECMA-48 counts as
  /// an intermediate byte; after digits alone it is taken as the final byte, else the decoder
  /// would wait for a final byte that never comes and swallow the next key.
  private static func endsRxvtKey(_ byte: UInt8, after bytes: [UInt8]) -> Bool {
    byte == UInt8(ascii: "$") && !bytes.isEmpty
      && bytes.allSatisfy { (0x30...0x39).contains($0) }
  }
}
