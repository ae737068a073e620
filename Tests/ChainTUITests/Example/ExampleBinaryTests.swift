import Foundation
import Testing

/// The example executable as a user starts it.
@Suite("Example: the binary")
struct ExampleBinaryTests {
  static var url: URL {
    ChainTUIBinary.url.deletingLastPathComponent().appendingPathComponent("chaintui-example")
  }

  @Test("without a terminal it says so and exits 1, before touching anything")
  func notATerminal() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.url.path),
      "chaintui-example is not built at \(Self.url.path)")
    let process = Process()
    process.executableURL = Self.url
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Reading to the end returns when the program exits and closes its side.
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(
      message == "chaintui-example: standard input is not a terminal; run the explorer directly in"
        + " an interactive terminal, not through a pipe or a redirect\n")
  }
}
