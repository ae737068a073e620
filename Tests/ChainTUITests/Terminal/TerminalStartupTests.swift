import Foundation
import Testing

@Suite("The binary without a usable terminal", .serialized)
struct TerminalStartupTests {
  @Test("started with stdin not a terminal, it exits non-zero at once with a clear message")
  func notATerminal() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let process = Process()
    process.executableURL = ChainTUIBinary.url
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let exited = poll { !process.isRunning }
    if !exited { process.terminate() }
    #expect(exited, "chaintui kept running without a terminal (a busy loop?)")
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    #expect(message.contains("standard input is not a terminal"), "\(message)")
  }

  @Test(
    "started in tmux with an unknown TERM, it exits non-zero with a clear message",
    .enabled(if: Tmux.isInstalled, "tmux is not installed; `make setup` installs it"))
  func unknownTerm() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let tmux = try Tmux()
    defer { tmux.stop() }
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(tmux.socket).out")
    defer { try? FileManager.default.removeItem(at: output) }
    try tmux.start(
      "env TERM=nonsense \(ChainTUIBinary.url.path) 2>\(output.path);"
        + " echo \"exit status $?\" >>\(output.path)", width: 80, height: 24)
    let finished = poll {
      ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("exit status")
    }
    #expect(finished, "chaintui did not exit with TERM=nonsense")
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    #expect(text.contains("unknown TERM 'nonsense'"), "\(text)")
    #expect(!text.contains("exit status 0"), "\(text)")
  }
}
