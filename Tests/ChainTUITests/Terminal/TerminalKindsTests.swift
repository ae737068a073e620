import Foundation
import Testing

@testable import ChainTUI

/// Terminals unlike xterm: one that cannot address the cursor is refused, one without an
/// alternate screen is cleared on exit, and a locale without UTF-8 gets no UTF-8 bytes.
@Suite(
  "Terminals without cursor addressing, alternate screen or UTF-8", .serialized,
  .enabled(if: Tmux.isInstalled, "tmux is not installed; `make setup` installs it"))
struct TerminalKindsTests {
  /// Runs `command` in tmux; commands end in `sleep infinity`, so that the pane stays for
  /// capturing however late the capture comes, until the test stops the session.
  func start(_ tmux: Tmux, _ command: String) throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    try tmux.start(command, width: 80, height: 24)
  }

  @Test("TERM=dumb is refused at start with a clear message, like an unknown TERM")
  func dumbTerminalIsRefused() throws {
    let tmux = try Tmux()
    defer { tmux.stop() }
    try start(
      tmux, "env TERM=dumb \(ChainTUIBinary.url.path); echo \"exit status $?\"; sleep infinity")
    var text = ""
    let finished = poll {
      text = (try? tmux.capture()) ?? ""
      return text.contains("exit status")
    }
    #expect(finished, "chaintui did not exit with TERM=dumb: \(text)")
    #expect(text.replacingOccurrences(of: "\n", with: "").contains("cannot move the cursor"))
    #expect(!text.contains("exit status 0"), "\(text)")
  }

  @Test("on a vt100, which has no alternate screen, quitting leaves the screen cleared")
  func vt100IsClearedOnExit() throws {
    let tmux = try Tmux()
    defer { tmux.stop() }
    try start(
      tmux, "env LANG=C.UTF-8 TERM=vt100 \(ChainTUIBinary.url.path) --scene router; sleep infinity")
    let drawn = poll { ((try? tmux.capture()) ?? "").contains("Router") }
    try #require(drawn, "the explorer did not draw on a vt100")
    try tmux.send(["q"], literal: true)
    var text = ""
    let cleared = poll {
      text = (try? tmux.capture()) ?? ""
      return !text.contains("Router")
    }
    #expect(cleared, "the last screen stayed on the vt100 after exit:\n\(text)")
  }

  @Test("in a locale without UTF-8, no byte above ASCII reaches the terminal; lines use its set")
  func nonUTF8LocaleDrawsASCII() throws {
    let tmux = try Tmux()
    defer { tmux.stop() }
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(tmux.socket).raw")
    defer { try? FileManager.default.removeItem(at: output) }
    // The app starts once the pane is piped (the test makes `ready`): no sleep as a guess.
    let ready = output.path + ".ready"
    defer { try? FileManager.default.removeItem(atPath: ready) }
    try start(
      tmux,
      "while [ ! -e \(ready) ]; do sleep 0.05; done; "
        + "env LANG=C LC_ALL=C TERM=xterm-256color \(ChainTUIBinary.url.path) --scene model;"
        + " sleep infinity")
    try tmux.run(["pipe-pane", "-o", "-t", tmux.session, "cat >> \(output.path)"])
    try #require(FileManager.default.createFile(atPath: ready, contents: Data()))
    let drawn = poll {
      ((try? Data(contentsOf: output)) ?? Data()).count > 2_000
    }
    try #require(drawn, "the explorer drew nothing in the C locale")
    try tmux.send(["q"], literal: true)
    let bytes = try Data(contentsOf: output)
    #expect(!bytes.contains { $0 >= 0x80 }, "UTF-8 bytes reached a terminal in the C locale")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\u{1B}(0"), "box lines did not use the terminal's line-drawing set")
  }

  @Test("the ASCII glyphs: box lines by their VT100 codes, look-alikes, then ?")
  func glyphs() {
    #expect(ASCIIGlyphs.glyph(for: "a") == .ascii(0x61))
    #expect(ASCIIGlyphs.glyph(for: "─") == .lineDrawing(0x71))
    #expect(ASCIIGlyphs.glyph(for: "┘") == .lineDrawing(0x6A))
    #expect(ASCIIGlyphs.glyph(for: "…") == .ascii(0x2E))
    #expect(ASCIIGlyphs.glyph(for: "世") == .ascii(0x3F))
  }
}
