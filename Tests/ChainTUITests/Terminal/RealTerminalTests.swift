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
