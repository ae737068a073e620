import Foundation
import Testing

@testable import ChainTUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--no-mouse` and `NO_MOUSE`: the terminal is not asked to report the mouse, so its own
/// selection works. Part of the ncurses suite, which runs one screen at a time.
extension NcursesTerminalTests {
  /// What ncurses writes to the terminal while a screen opens and is restored, with or
  /// without the mouse.
  static func bytesWritten(mouse: Bool) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mouse-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(output >= 0)
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let terminal = try NcursesTerminal(
      terminalType: "xterm-256color", input: ends[0], output: output, colors: false,
      mouse: mouse)
    #expect(terminal.reportsMouse == mouse)
    terminal.present(Grid(width: 10, height: 2))
    terminal.restore()
    close(output)
    return try String(contentsOfFile: path, encoding: .isoLatin1)
  }

  @Test("with the mouse on, the terminal is told to report it (xterm's mode 1000)")
  func mouseReportingOn() throws {
    #expect(try Self.bytesWritten(mouse: true).contains("1000h"))
  }

  @Test("with --no-mouse, the terminal is never told to report the mouse")
  func mouseReportingOff() throws {
    let written = try Self.bytesWritten(mouse: false)
    #expect(!written.contains("1000h"), "\(written.debugDescription)")
    #expect(!written.isEmpty)
  }

  @Test("NO_MOUSE set and not empty turns the mouse off, as NO_COLOR does colours")
  func noMouseVariable() {
    #expect(NcursesTerminal.reportsMouse(requested: true, noMouse: nil))
    #expect(NcursesTerminal.reportsMouse(requested: true, noMouse: ""))
    #expect(!NcursesTerminal.reportsMouse(requested: true, noMouse: "1"))
    #expect(!NcursesTerminal.reportsMouse(requested: false, noMouse: nil))
  }
}
