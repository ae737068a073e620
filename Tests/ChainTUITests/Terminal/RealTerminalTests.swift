import ChainTUI
import Foundation
import Testing

@testable import ChainTUITesting

/// The real binary in a real terminal (tmux) shows, row for row, what the headless session
/// renders for the same keys at the same size, also after resizes.
@Suite(
  "Real terminal", .serialized,
  .enabled(if: Tmux.isInstalled, "tmux is not installed; `make setup` installs it"))
@MainActor
struct RealTerminalTests {
  /// Waits until the pane shows the session's screen; on timeout, records both for the log.
  func expectSameScreen(_ tmux: Tmux, _ session: HeadlessSession, after step: String) throws {
    let expected = Tmux.normalized(session.screenText)
    var actual = ""
    let same = try poll {
      actual = try tmux.capture()
      return actual == expected
    }
    #expect(same, "after \(step): tmux shows\n\(actual)\n--- headless renders\n\(expected)")
  }

  /// Scenes without timers (the binary's clock is real time), with keys that change them; the
  /// model scene draws non-ASCII glyphs (♥, ·), which checks the display widths.
  nonisolated static let cases: [(scene: String, keys: [Key])] = [
    ("domino", [.tab, .character("l"), .character("e"), .shiftTab, .character("r"), .right]),
    ("model", [.down, .down, .character("l"), .character("c"), .tab, .character("s")]),
  ]

  /// Keys by tmux's names, and the key each must reach the app as; tmux sends, for instance,
  /// `ESC [ 4 ~` for End and `ESC [ 1 ; 5 A` for Ctrl-Up whatever the program's TERM says.
  nonisolated static let terminalKeys: [(tmux: String, key: Key)] = [
    ("End", .end), ("Home", .home), ("IC", .unbound("insert")), ("F7", .f(7)), ("F8", .f(8)),
    ("F9", .f(9)), ("F10", .f(10)), ("F11", .f(11)), ("F12", .f(12)), ("PPage", .pageUp),
    ("NPage", .pageDown), ("C-Up", .unbound("ctrl-up")), ("S-Down", .unbound("shift-down")),
    ("M-Left", .unbound("alt-left")), ("M-a", .unbound("alt-a")), ("M-4", .unbound("alt-4")),
    ("S-F1", .unbound("shift-f1")), ("C-F5", .unbound("ctrl-f5")),
    ("C-DC", .unbound("ctrl-delete")),
    ("S-End", .unbound("shift-end")), ("M-Enter", .unbound("alt-enter")),
  ]

  @Test(
    "keys the explorer does not bind, as tmux sends them, change neither scene nor filter",
    arguments: ["xterm-256color", "tmux-256color"],
    [Size(width: 80, height: 24), Size(width: 60, height: 18)])
  func terminalKeysAsHeadless(term: String, size: Size) throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let tmux = try Tmux()
    defer { tmux.stop() }
    try tmux.start(
      "env LANG=C.UTF-8 TERM=\(term) \(ChainTUIBinary.url.path) --scene model",
      width: size.width, height: size.height)
    let session = try HeadlessSession(size: size, scene: "model")
    try expectSameScreen(tmux, session, after: "start")
    // The inspector open with a filter typed, which a stray Esc would clear.
    try tmux.send(["i", "/", "a", "b"], literal: true)
    try tmux.send(["Enter"])
    try session.press("i", "/", "a", "b", "enter")
    try expectSameScreen(tmux, session, after: "typing a filter")
    for (name, key) in Self.terminalKeys {
      try tmux.send([name])
      session.press(key)
      try expectSameScreen(tmux, session, after: name)
    }
    #expect(session.screenText.contains("/ab"))
  }

  @Test(
    "keys sent in tmux give the headless screen, before and after resizes",
    arguments: cases.map(\.scene))
  func sameAsHeadless(scene: String) throws {
    let keys = Self.cases.first { $0.scene == scene }?.keys ?? []
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let tmux = try Tmux()
    defer { tmux.stop() }
    try tmux.start(
      "env LANG=C.UTF-8 TERM=tmux-256color \(ChainTUIBinary.url.path) --scene \(scene)",
      width: 100, height: 30)
    let session = try HeadlessSession(size: Size(width: 100, height: 30), scene: scene)
    try expectSameScreen(tmux, session, after: "start")

    for key in keys {
      let name = try #require(Tmux.name(of: key))
      if case .character = key {
        try tmux.send([name], literal: true)
      } else {
        try tmux.send([name])
      }
    }
    session.press(keys)
    try expectSameScreen(tmux, session, after: "keys")

    try tmux.resize(width: 70, height: 20)
    session.resize(to: Size(width: 70, height: 20))
    try expectSameScreen(tmux, session, after: "resize to 70x20")

    try tmux.resize(width: 40, height: 10)
    session.resize(to: Size(width: 40, height: 10))
    try expectSameScreen(tmux, session, after: "resize to 40x10 (too small)")

    try tmux.send(["q"], literal: true)
    let exited = poll { (try? tmux.run(["has-session", "-t", tmux.session])) == nil }
    #expect(exited, "chaintui did not exit on q")
  }
}
