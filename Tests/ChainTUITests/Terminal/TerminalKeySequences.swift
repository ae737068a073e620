import ChainTUI
import Testing

/// One key as a real terminal sends it: the bytes and the key they must decode to (`nil`: the
/// sequence is dropped whole).
struct TerminalKeySequence: Sendable, CustomTestStringConvertible {
  let terminal: String
  let key: String
  let bytes: [UInt8]
  let expected: Key?

  init(_ terminal: String, _ key: String, _ text: String, _ expected: Key?) {
    self.terminal = terminal
    self.key = key
    bytes = Array(text.utf8)
    self.expected = expected
  }

  init(_ terminal: String, _ key: String, bytes: [UInt8], _ expected: Key?) {
    self.terminal = terminal
    self.key = key
    self.bytes = bytes
    self.expected = expected
  }

  /// The bytes with Esc as `\e` and other control bytes in hex, for test names.
  var shownBytes: String {
    bytes.map { byte in
      switch byte {
      case 0x1B: "\\e"
      case 0x20...0x7E: String(UnicodeScalar(byte))
      default: "\\x" + String(byte, radix: 16, uppercase: true)
      }
    }.joined()
  }

  var testDescription: String { "\(terminal) \(key): \(shownBytes)" }
}

/// The byte sequences xterm, tmux and screen, rxvt-unicode and the Linux console send for the
/// keys of the keys table (README and help), and for keys ChainTUI does not bind, with what each
/// must decode to.
enum TerminalKeySequences {
  static let common: [TerminalKeySequence] = [
    .init("any", "Enter", "\r", .enter),
    .init("any", "Enter (nl)", "\n", .enter),
    .init("any", "Tab", "\t", .tab),
    .init("any", "Backspace (DEL)", "\u{7F}", .backspace),
    .init("any", "Backspace (BS)", "\u{08}", .backspace),
    .init("any", "Ctrl-A", "\u{01}", .ctrl("a")),
    .init("any", "Ctrl-C", "\u{03}", .ctrl("c")),
    .init("any", "Ctrl-Space", "\u{00}", .unbound("ctrl-space")),
    .init("any", "Ctrl-\\", "\u{1C}", .unbound("ctrl-\\")),
    .init("any", "a", "a", .character("a")),
    .init("any", "4", "4", .character("4")),
    .init("any", "~", "~", .character("~")),
    .init("any", "é (UTF-8)", "é", .character("é")),
    .init("any", "世 (UTF-8)", "世", .character("世")),
    .init("any", "😀 (UTF-8)", "😀", .character("😀")),
    .init("any", "Alt-a", "\u{1B}a", .unbound("alt-a")),
    .init("any", "Alt-A", "\u{1B}A", .unbound("alt-A")),
    .init("any", "Alt-4", "\u{1B}4", .unbound("alt-4")),
    .init("any", "Alt-Enter", "\u{1B}\r", .unbound("alt-enter")),
    .init("any", "Alt-Backspace", "\u{1B}\u{7F}", .unbound("alt-backspace")),
    .init("any", "Alt-Ctrl-a", "\u{1B}\u{01}", .unbound("ctrl-alt-a")),
    .init("any", "Alt-é", "\u{1B}é", .unbound("alt-é")),
  ]

  static let xterm: [TerminalKeySequence] = [
    .init("xterm", "Shift-Tab", "\u{1B}[Z", .shiftTab),
    .init("xterm", "Delete", "\u{1B}[3~", .delete),
    .init("xterm", "Insert", "\u{1B}[2~", .unbound("insert")),
    .init("xterm", "Home", "\u{1B}[H", .home),
    .init("xterm", "End", "\u{1B}[F", .end),
    .init("xterm", "Home (app)", "\u{1B}OH", .home),
    .init("xterm", "End (app)", "\u{1B}OF", .end),
    .init("xterm", "PgUp", "\u{1B}[5~", .pageUp),
    .init("xterm", "PgDn", "\u{1B}[6~", .pageDown),
    .init("xterm", "Up", "\u{1B}[A", .up),
    .init("xterm", "Down", "\u{1B}[B", .down),
    .init("xterm", "Right", "\u{1B}[C", .right),
    .init("xterm", "Left", "\u{1B}[D", .left),
    .init("xterm", "Up (app)", "\u{1B}OA", .up),
    .init("xterm", "Down (app)", "\u{1B}OB", .down),
    .init("xterm", "Right (app)", "\u{1B}OC", .right),
    .init("xterm", "Left (app)", "\u{1B}OD", .left),
    .init("xterm", "F1", "\u{1B}OP", .f(1)),
    .init("xterm", "F2", "\u{1B}OQ", .f(2)),
    .init("xterm", "F3", "\u{1B}OR", .f(3)),
    .init("xterm", "F4", "\u{1B}OS", .f(4)),
    .init("xterm", "F5", "\u{1B}[15~", .f(5)),
    .init("xterm", "F6", "\u{1B}[17~", .f(6)),
    .init("xterm", "F7", "\u{1B}[18~", .f(7)),
    .init("xterm", "F8", "\u{1B}[19~", .f(8)),
    .init("xterm", "F9", "\u{1B}[20~", .f(9)),
    .init("xterm", "F10", "\u{1B}[21~", .f(10)),
    .init("xterm", "F11", "\u{1B}[23~", .f(11)),
    .init("xterm", "F12", "\u{1B}[24~", .f(12)),
    .init("xterm", "Ctrl-Up", "\u{1B}[1;5A", .unbound("ctrl-up")),
    .init("xterm", "Shift-Up", "\u{1B}[1;2A", .unbound("shift-up")),
    .init("xterm", "Alt-Left", "\u{1B}[1;3D", .unbound("alt-left")),
    .init("xterm", "Ctrl-Shift-Right", "\u{1B}[1;6C", .unbound("ctrl-shift-right")),
    .init("xterm", "Meta-Down", "\u{1B}[1;9B", .unbound("meta-down")),
    .init("xterm", "Ctrl-Home", "\u{1B}[1;5H", .unbound("ctrl-home")),
    .init("xterm", "Shift-End", "\u{1B}[1;2F", .unbound("shift-end")),
    .init("xterm", "Shift-F1", "\u{1B}[1;2P", .unbound("shift-f1")),
    .init("xterm", "Ctrl-F4", "\u{1B}[1;5S", .unbound("ctrl-f4")),
    .init("xterm", "Ctrl-F5", "\u{1B}[15;5~", .unbound("ctrl-f5")),
    .init("xterm", "Shift-F12", "\u{1B}[24;2~", .unbound("shift-f12")),
    .init("xterm", "Ctrl-Delete", "\u{1B}[3;5~", .unbound("ctrl-delete")),
    .init("xterm", "Shift-Insert", "\u{1B}[2;2~", .unbound("shift-insert")),
    .init("xterm", "Alt-PgUp", "\u{1B}[5;3~", .unbound("alt-pgup")),
    .init("xterm", "Shift-F1 (old)", "\u{1B}O2P", .unbound("shift-f1")),
    .init("xterm", "Ctrl-Tab (modifyOtherKeys)", "\u{1B}[27;5;9~", .unbound("ctrl-tab")),
    .init("xterm", "Ctrl-Tab (CSI u)", "\u{1B}[9;5u", .unbound("ctrl-tab")),
    .init("xterm", "Esc (CSI u)", "\u{1B}[27u", .escape),
    .init("xterm", "Keypad 5 (Begin)", "\u{1B}[E", .unbound("begin")),
    .init("xterm", "Keypad 0 (app)", "\u{1B}Op", .unbound("kp-0")),
    .init("xterm", "Keypad 9 (app)", "\u{1B}Oy", .unbound("kp-9")),
    .init("xterm", "Keypad + (app)", "\u{1B}Ok", .unbound("kp-plus")),
    .init("xterm", "Keypad - (app)", "\u{1B}Om", .unbound("kp-minus")),
    .init("xterm", "Keypad * (app)", "\u{1B}Oj", .unbound("kp-star")),
    .init("xterm", "Keypad / (app)", "\u{1B}Oo", .unbound("kp-slash")),
    .init("xterm", "Keypad . (app)", "\u{1B}On", .unbound("kp-dot")),
    .init("xterm", "Keypad 5 (app)", "\u{1B}OE", .unbound("begin")),
    .init("xterm", "Keypad Enter (app)", "\u{1B}OM", .enter),
    .init("xterm", "click (SGR)", "\u{1B}[<0;5;3M", .mouseClick(x: 4, y: 2)),
    .init("xterm", "release (SGR)", "\u{1B}[<0;5;3m", nil),
    .init("xterm", "wheel up (SGR)", "\u{1B}[<64;10;2M", .mouseWheel(up: true, x: 9, y: 1)),
    .init("xterm", "wheel down (SGR)", "\u{1B}[<65;10;2M", .mouseWheel(up: false, x: 9, y: 1)),
    .init("xterm", "right click (SGR)", "\u{1B}[<2;10;2M", nil),
    .init("xterm", "drag (SGR)", "\u{1B}[<32;10;2M", nil),
    .init("xterm", "ctrl-click (SGR)", "\u{1B}[<16;300;200M", .mouseClick(x: 299, y: 199)),
  ]

  static let tmux: [TerminalKeySequence] = [
    .init("tmux", "Home", "\u{1B}[1~", .home),
    .init("tmux", "End", "\u{1B}[4~", .end),
    .init("tmux", "Insert", "\u{1B}[2~", .unbound("insert")),
    .init("tmux", "Delete", "\u{1B}[3~", .delete),
    .init("tmux", "PgUp", "\u{1B}[5~", .pageUp),
    .init("tmux", "PgDn", "\u{1B}[6~", .pageDown),
    .init("tmux", "F1", "\u{1B}OP", .f(1)),
    .init("tmux", "F5", "\u{1B}[15~", .f(5)),
    .init("tmux", "F12", "\u{1B}[24~", .f(12)),
    .init("tmux", "Up", "\u{1B}[A", .up),
    .init("tmux", "Up (app)", "\u{1B}OA", .up),
    .init("tmux", "Shift-Tab", "\u{1B}[Z", .shiftTab),
    .init("tmux", "Ctrl-Up", "\u{1B}[1;5A", .unbound("ctrl-up")),
    .init("tmux", "Alt-a", "\u{1B}a", .unbound("alt-a")),
    .init(
      "tmux", "click (X10)", bytes: [0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 2], .mouseClick(x: 4, y: 2)),
    .init("tmux", "release (X10)", bytes: [0x1B, 0x5B, 0x4D, 35, 40, 40], nil),
    .init(
      "tmux", "wheel up (X10)", bytes: [0x1B, 0x5B, 0x4D, 96, 34, 34],
      .mouseWheel(up: true, x: 1, y: 1)),
    .init(
      "tmux", "wheel down (X10)", bytes: [0x1B, 0x5B, 0x4D, 97, 34, 34],
      .mouseWheel(up: false, x: 1, y: 1)),
    .init(
      "tmux", "click far right (X10)", bytes: [0x1B, 0x5B, 0x4D, 32, 200, 40],
      .mouseClick(x: 167, y: 7)),
    .init("screen", "F1", "\u{1B}OP", .f(1)),
    .init("screen", "Home", "\u{1B}[1~", .home),
    .init("screen", "End", "\u{1B}[4~", .end),
  ]

  static let rxvt: [TerminalKeySequence] = [
    .init("rxvt", "Home", "\u{1B}[7~", .home),
    .init("rxvt", "End", "\u{1B}[8~", .end),
    .init("rxvt", "Insert", "\u{1B}[2~", .unbound("insert")),
    .init("rxvt", "F1", "\u{1B}[11~", .f(1)),
    .init("rxvt", "F2", "\u{1B}[12~", .f(2)),
    .init("rxvt", "F3", "\u{1B}[13~", .f(3)),
    .init("rxvt", "F4", "\u{1B}[14~", .f(4)),
    .init("rxvt", "Shift-F3 (F13)", "\u{1B}[25~", .unbound("f13")),
    .init("rxvt", "Shift-F10 (F20)", "\u{1B}[34~", .unbound("f20")),
    .init("rxvt", "Ctrl-F1", "\u{1B}[11^", .unbound("ctrl-f1")),
    .init("rxvt", "Ctrl-Shift-F1", "\u{1B}[23@", .unbound("ctrl-shift-f11")),
    .init("rxvt", "Shift-Up", "\u{1B}[a", .unbound("shift-up")),
    .init("rxvt", "Shift-Left", "\u{1B}[d", .unbound("shift-left")),
    .init("rxvt", "Ctrl-Up", "\u{1B}Oa", .unbound("ctrl-up")),
    .init("rxvt", "Ctrl-Right", "\u{1B}Oc", .unbound("ctrl-right")),
    .init("rxvt", "Ctrl-Insert", "\u{1B}[2^", .unbound("ctrl-insert")),
    .init("rxvt", "Ctrl-Home", "\u{1B}[7^", .unbound("ctrl-home")),
    .init("rxvt", "Shift-PgUp", "\u{1B}[5$", .unbound("shift-pgup")),
    .init("rxvt", "Shift-Delete", "\u{1B}[3$", .unbound("shift-delete")),
    .init("rxvt", "Ctrl-Shift-Delete", "\u{1B}[3@", .unbound("ctrl-shift-delete")),
    .init("rxvt", "Alt-Up", "\u{1B}\u{1B}[A", .unbound("alt-up")),
    .init("rxvt", "Alt-F1", "\u{1B}\u{1B}[11~", .unbound("alt-f1")),
    .init("rxvt", "Alt-End", "\u{1B}\u{1B}[8~", .unbound("alt-end")),
    .init("rxvt", "Keypad 7 (app)", "\u{1B}Ow", .unbound("kp-7")),
  ]

  static let linuxConsole: [TerminalKeySequence] = [
    .init("linux", "F1", "\u{1B}[[A", .f(1)),
    .init("linux", "F2", "\u{1B}[[B", .f(2)),
    .init("linux", "F3", "\u{1B}[[C", .f(3)),
    .init("linux", "F4", "\u{1B}[[D", .f(4)),
    .init("linux", "F5", "\u{1B}[[E", .f(5)),
    .init("linux", "F6", "\u{1B}[17~", .f(6)),
    .init("linux", "F12", "\u{1B}[24~", .f(12)),
    .init("linux", "Shift-F1 (F13)", "\u{1B}[25~", .unbound("f13")),
    .init("linux", "Shift-F4 (F16)", "\u{1B}[29~", .unbound("f16")),
    .init("linux", "Home", "\u{1B}[1~", .home),
    .init("linux", "End", "\u{1B}[4~", .end),
    .init("linux", "Insert", "\u{1B}[2~", .unbound("insert")),
    .init("linux", "Delete", "\u{1B}[3~", .delete),
    .init("linux", "PgUp", "\u{1B}[5~", .pageUp),
    .init("linux", "PgDn", "\u{1B}[6~", .pageDown),
    .init("linux", "Up", "\u{1B}[A", .up),
    .init("linux", "Keypad 5", "\u{1B}[G", nil),
    .init("linux", "Alt-F1", "\u{1B}\u{1B}[[A", .unbound("alt-f1")),
  ]

  /// Sequences that are no key ChainTUI knows: each is dropped whole.
  static let unknown: [TerminalKeySequence] = [
    .init("any", "unknown tilde key", "\u{1B}[42~", nil),
    .init("any", "bracketed paste start", "\u{1B}[200~", nil),
    .init("any", "bracketed paste end", "\u{1B}[201~", nil),
    .init("any", "five-digit parameter", "\u{1B}[99999~", nil),
    .init("any", "too many parameters", "\u{1B}[1;2;3;4;5A", nil),
    .init(
      "any", "over-long parameter list",
      "\u{1B}[" + String(repeating: "1;", count: 40) + "1~", nil),
    .init("any", "over-long SS3", "\u{1B}O" + String(repeating: "1", count: 40) + "A", nil),
    .init("any", "modifier on an arrow's count", "\u{1B}[5A", nil),
    .init("any", "device attributes answer", "\u{1B}[?1;2c", nil),
    .init("any", "secondary attributes answer", "\u{1B}[>0;10;1c", nil),
    .init("any", "cursor position report", "\u{1B}[12;40R", nil),
    .init("any", "focus in", "\u{1B}[I", nil),
    .init("any", "focus out", "\u{1B}[O", nil),
    .init("any", "private mode", "\u{1B}[?25h", nil),
    .init("any", "intermediate byte", "\u{1B}[1 q", nil),
    .init("any", "unknown SS3", "\u{1B}Oz", nil),
    .init("any", "unknown Linux function key", "\u{1B}[[Z", nil),
    .init("any", "unknown final byte", "\u{1B}[1;5X", nil),
    .init("any", "stray UTF-8 continuation", bytes: [0x80], nil),
    .init("any", "byte UTF-8 never uses", bytes: [0xFF], nil),
    .init("any", "overlong UTF-8", bytes: [0xE0, 0x80, 0x80], nil),
  ]

  static let all = common + xterm + tmux + rxvt + linuxConsole + unknown
}
