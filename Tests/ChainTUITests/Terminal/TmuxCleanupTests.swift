import Foundation
import Testing

/// The tests' private tmux servers leave nothing behind in the user's tmux directory.
@Suite(
  "A test's tmux server is cleaned up",
  .enabled(if: Tmux.isInstalled, "tmux is not installed; `make setup` installs it"))
struct TmuxCleanupTests {
  @Test("a stopped server leaves no socket file and no config behind")
  func stopRemovesTheSocket() throws {
    let tmux = try Tmux()
    try tmux.start("sleep 30", width: 20, height: 5)
    // The path is where tmux put the socket: otherwise the check below would pass vacuously.
    #expect(
      FileManager.default.fileExists(atPath: tmux.socketPath),
      "no socket at \(tmux.socketPath) while the server runs")
    tmux.stop()
    #expect(!FileManager.default.fileExists(atPath: tmux.socketPath), "left \(tmux.socketPath)")
    #expect(!FileManager.default.fileExists(atPath: tmux.config.path), "left \(tmux.config.path)")
  }
}
