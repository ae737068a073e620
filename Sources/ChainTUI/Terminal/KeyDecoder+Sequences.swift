/// The tables: which complete sequence is which key. Anything not here is dropped.
extension KeyDecoder {
  /// The key of `ESC [ bytes final`, or `nil` to drop it.
  static func csiKey(_ bytes: [UInt8], final: UInt8, alt: Bool) -> Key? {
    if bytes.first == UInt8(ascii: "<") {
      guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
        let numbers = numbers(bytes.dropFirst()), numbers.count == 3,
        let button = numbers[0], let x = numbers[1], let y = numbers[2]
      else { return nil }
      return mouse(button: button, x: x - 1, y: y - 1, released: final == UInt8(ascii: "m"))
    }
    guard let numbers = numbers(bytes[...]), numbers.count <= 3 else { return nil }
    let first = numbers.first ?? nil
    let parameter = numbers.count >= 2 ? numbers[1] ?? 1 : 1
    var modifiers = KeyChord.Modifiers(parameter: parameter)
    if alt { modifiers.insert(.alt) }
    let base: KeyChord.Base
    switch UnicodeScalar(final) {
    case "~", "^", "@", "$":
      // rxvt says Ctrl with `^`, Ctrl-Shift with `@` and Shift with `$` instead of a parameter.
      switch UnicodeScalar(final) {
      case "^": modifiers.insert(.ctrl)
      case "@": modifiers.formUnion([.ctrl, .shift])
      case "$": modifiers.insert(.shift)
      default: break
      }
      if first == 27, numbers.count == 3, let code = numbers[2] {
        // xterm's modifyOtherKeys: `ESC [ 27 ; modifiers ; character ~`.
        guard let key = codepointKey(code) else { return nil }
        base = .key(key)
      } else {
        guard let number = first, let key = tildeKey(number) else { return nil }
        base = key
      }
    case "u":
      // `ESC [ character ; modifiers u`, as kitty and others report keys.
      guard let code = first, let key = codepointKey(code) else { return nil }
      base = .key(key)
    case "a", "b", "c", "d":
      // rxvt's Shift-arrows.
      guard numbers.isEmpty, let key = letterKey(final - 0x20) else { return nil }
      modifiers.insert(.shift)
      base = key
    default:
      // xterm puts a 1 before the modifiers (`ESC [ 1 ; 5 A`); anything else is not a key.
      guard first == nil || first == 1, let key = letterKey(final) else { return nil }
      base = key
    }
    return KeyChord(modifiers, base).key
  }

  /// The key of `ESC O bytes final`, or `nil` to drop it.
  static func ss3Key(_ bytes: [UInt8], final: UInt8, alt: Bool) -> Key? {
    // Some terminals put the modifier parameter here: `ESC O 5 A` or `ESC O 1 ; 5 A`.
    guard let numbers = numbers(bytes[...]), numbers.count <= 2 else { return nil }
    var modifiers = KeyChord.Modifiers(parameter: (numbers.last ?? 1) ?? 1)
    if alt { modifiers.insert(.alt) }
    if let key = letterKey(final) {
      return KeyChord(modifiers, key).key
    }
    if (UInt8(ascii: "a")...UInt8(ascii: "d")).contains(final), let key = letterKey(final - 0x20) {
      // rxvt's Ctrl-arrows.
      return KeyChord(modifiers.union(.ctrl), key).key
    }
    // The keypad in application mode; its Enter is Enter, whichever Enter a person presses.
    if final == UInt8(ascii: "M") { return KeyChord(modifiers, .enter).key }
    guard let name = keypadNames[UnicodeScalar(final)] else { return nil }
    return KeyChord(modifiers, .named(name)).key
  }

  /// The key of a final letter shared by CSI and SS3: cursor keys, Home, End, F1-F4, back-tab.
  static func letterKey(_ final: UInt8) -> KeyChord.Base? {
    switch UnicodeScalar(final) {
    case "A": .key(.up)
    case "B": .key(.down)
    case "C": .key(.right)
    case "D": .key(.left)
    case "H": .key(.home)
    case "F": .key(.end)
    case "E": .named("begin")
    case "P": .key(.f(1))
    case "Q": .key(.f(2))
    case "R": .key(.f(3))
    case "S": .key(.f(4))
    case "Z": .key(.shiftTab)
    default: nil
    }
  }

  /// The key of `ESC [ number ~` (VT220 style, used by xterm, tmux, rxvt and the Linux console).
  static func tildeKey(_ number: Int) -> KeyChord.Base? {
    switch number {
    case 1, 7: .key(.home)  // 1: tmux, screen, the Linux console; 7: rxvt.
    case 2: .named("insert")
    case 3: .key(.delete)
    case 4, 8: .key(.end)  // 4: tmux, screen, the Linux console; 8: rxvt.
    case 5: .key(.pageUp)
    case 6: .key(.pageDown)
    case 11...15: .key(.f(number - 10))
    case 17...21: .key(.f(number - 11))
    case 23...26: KeyChord.function(number - 12)
    case 28, 29: KeyChord.function(number - 13)
    case 31...34: KeyChord.function(number - 14)
    default: nil  // Such as 200 and 201, which bracket a paste.
    }
  }

  /// The key of a Unicode code point in `ESC [ 27 ; m ; c ~` and `ESC [ c ; m u`.
  static func codepointKey(_ code: Int) -> Key? {
    switch code {
    case 9: .tab
    case 13: .enter
    case 27: .escape
    case 8, 127: .backspace
    case 32...:
      UInt32(exactly: code).flatMap(Unicode.Scalar.init).map { .character(Character($0)) }
    default: nil
    }
  }

  /// Keypad keys in application mode, by the final byte of `ESC O x`.
  static let keypadNames: [Unicode.Scalar: String] = {
    var names: [Unicode.Scalar: String] = [
      "j": "kp-star", "k": "kp-plus", "l": "kp-comma", "m": "kp-minus", "n": "kp-dot",
      "o": "kp-slash", "X": "kp-equal",
    ]
    for digit in 0...9 { names[Unicode.Scalar(UInt8(ascii: "p") + UInt8(digit))] = "kp-\(digit)" }
    return names
  }()

  /// A mouse report's key: a left-button press is a click, the wheel scrolls; releases, motion
  /// and other buttons are dropped, as the app has nothing to do with them.
  static func mouse(button: Int, x: Int, y: Int, released: Bool) -> Key? {
    guard x >= 0, y >= 0, !released, button & 32 == 0, button & 128 == 0 else { return nil }
    if button & 64 != 0 {
      switch button & 3 {
      case 0: return .mouseWheel(up: true, x: x, y: y)
      case 1: return .mouseWheel(up: false, x: x, y: y)
      default: return nil
      }
    }
    return button & 3 == 0 ? .mouseClick(x: x, y: y) : nil
  }

  /// Parameters separated by `;`, each empty (`nil`) or a number of at most four digits; `nil`
  /// when any byte is not a digit or `;`, as in the private (`?`, `>`) sequences terminals send
  /// in answer to queries, which are not keys.
  static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int?]? {
    guard !bytes.isEmpty else { return [] }
    var numbers: [Int?] = []
    for part in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
      guard part.count <= 4, part.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      numbers.append(part.isEmpty ? nil : part.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    return numbers
  }
}
