import Foundation
import Testing

/// The binary in tmux: whether it asks the terminal for the mouse (tmux's `mouse_any_flag`
/// says), and a click sent as the bytes a terminal sends pressing a key hint.
@Suite(
  "Mouse in a real terminal", .serialized,
  .enabled(if: Tmux.isInstalled, "tmux is not installed; `make setup` installs it"))
struct RealTerminalMouseTests {
  /// Starts the router at 100x30 in tmux with a prefix (variables) and arguments, waiting until
  /// its status line shows.
  static func start(_ tmux: Tmux, prefix: String = "", arguments: String = "") throws -> Bool {
    try tmux.start(
      "env LANG=C.UTF-8 TERM=xterm-256color \(prefix) \(ChainTUIBinary.url.path) --scene router"
        + " \(arguments)", width: 100, height: 30)
    return try poll { try tmux.capture().contains("app > controller > table > cell0") }
  }

  @Test(
    "mouse reporting is on by default, and off with --no-mouse or NO_MOUSE set",
    arguments: [
      ("", "", "1"), ("", "--no-mouse", "0"), ("NO_MOUSE=1", "", "0"), ("NO_MOUSE=", "", "1"),
    ])
  func reporting(prefix: String, arguments: String, flag: String) throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let tmux = try Tmux()
    defer { tmux.stop() }
    #expect(
      try Self.start(tmux, prefix: prefix, arguments: arguments), "the explorer did not start")
    let reported = try tmux.run(["display", "-p", "-t", tmux.session, "#{mouse_any_flag}"])
    #expect(reported.trimmingCharacters(in: .whitespacesAndNewlines) == flag)
  }

  @Test("a click sent as SGR bytes on a panel's key hint presses it in the real binary")
  func clickOnHint() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let tmux = try Tmux()
    defer { tmux.stop() }
    #expect(try Self.start(tmux), "the explorer did not start")
    // cell2's `l like` is at column 82, row 19 (0-based); SGR counts from 1.
    let bytes = Array("\u{1B}[<0;84;20M\u{1B}[<0;84;20m".utf8).map { String($0, radix: 16) }
    try tmux.run(["send-keys", "-t", tmux.session, "-H"] + bytes)
    let pressed = try poll { try tmux.capture().contains("tgt likeTapped: passed") }
    let screen = (try? tmux.capture()) ?? ""
    #expect(pressed, "no like in cell2's log:\n\(screen)")
  }
}
