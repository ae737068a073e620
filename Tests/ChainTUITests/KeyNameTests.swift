import ChainTUI
import Testing

@Suite("Key names")
struct KeyNameTests {
  static let everyNamedKey: [Key] =
    [
      .enter, .tab, .shiftTab, .escape, .backspace, .delete, .up, .down, .left, .right, .home,
      .end, .pageUp, .pageDown, .character(" "), .character("a"), .character("Z"),
      .character("-"), .character("世"), .mouseClick(x: 3, y: 14), .resize(width: 80, height: 24),
    ] + (1...12).map(Key.f) + "abcdefghijklmnopqrstuvwxyz".map(Key.ctrl)

  @Test("every key formats to a name that parses back to the same key", arguments: everyNamedKey)
  func roundTrip(key: Key) {
    #expect(KeyName.parse(KeyName.format(key)) == .success(key))
  }

  @Test("the names scripts use parse to the expected keys")
  func scriptNames() {
    let expected: [String: Key] = [
      "tab": .tab, "shift-tab": .shiftTab, "enter": .enter, "esc": .escape, "up": .up,
      "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
      "pgup": .pageUp, "pgdn": .pageDown, "backspace": .backspace, "delete": .delete,
      "space": .character(" "), "f1": .f(1), "f12": .f(12), "ctrl-x": .ctrl("x"),
      "q": .character("q"), "Q": .character("Q"), "TAB": .tab, "Ctrl-C": .ctrl("c"),
    ]
    for (name, key) in expected {
      #expect(KeyName.parse(name) == .success(key), "\(name)")
    }
  }

  @Test("keys without a case of their own parse by name, modifiers in any order and case")
  func unboundNames() {
    let expected: [String: Key] = [
      "insert": .unbound("insert"), "Insert": .unbound("insert"), "f13": .unbound("f13"),
      "f63": .unbound("f63"), "kp-5": .unbound("kp-5"), "ctrl-up": .unbound("ctrl-up"),
      "Shift-Ctrl-Up": .unbound("ctrl-shift-up"), "alt-a": .unbound("alt-a"),
      "alt-A": .unbound("alt-A"), "ctrl-1": .unbound("ctrl-1"), "alt--": .unbound("alt--"),
      "meta-shift-tab": .unbound("shift-meta-tab"),
      "shift-tab": .shiftTab, "ctrl-space": .unbound("ctrl-space"),
      "alt-shift-tab": .unbound("alt-shift-tab"), "shift-f1": .unbound("shift-f1"),
    ]
    for (name, key) in expected {
      #expect(KeyName.parse(name) == .success(key), "\(name)")
      #expect(KeyName.parse(KeyName.format(key)) == .success(key), "\(name)")
    }
  }

  @Test("unknown names are an error value that lists the accepted names")
  func unknownName() {
    for name in [
      "", "tabb", "f0", "f64", "f+1", "ctrl-", "ctrl-ab", "click:1", "resize:x", "alt-",
      "alt-tabb", "kp-10", "hyper-a", "ctrl-alt-",
    ] {
      guard case .failure(let error) = KeyName.parse(name) else {
        Issue.record("'\(name)' parsed")
        continue
      }
      #expect(error.name == name)
      #expect(error.description.contains("unknown key name '\(name)'"))
      #expect(error.description.contains("shift-tab"))
      #expect(error.description.contains("f1-f12"))
      // A resize is no key to press or bind: the list does not offer it (issue 24).
      #expect(!error.description.contains("resize:WxH"))
    }
  }
}
