import ChainKitTestSupport
import Foundation
import Testing

/// `chaintui inspect` as a user runs it: what it refuses, and how it says so.
@Suite("chaintui inspect command")
struct InspectCommandTests {
  /// Runs the built `chaintui` with `arguments`; its status and standard error.
  func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
    let executable = try PackageLayout.builtExecutable("chaintui")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: text, as: UTF8.self))
  }

  @Test("--listen on a path that is not a socket is refused with a plain message")
  func listenOnAFileIsRefused() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-not-a-socket-\(UUID().uuidString.prefix(8))").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (status, error) = try run(["inspect", "--listen", path])
    #expect(status == 1)
    #expect(
      error == "chaintui inspect: \(path): exists and is not a socket; refusing to replace it\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
  }

  @Test("a missing file, and a FILE with --listen, are refused before any screen is drawn")
  func badArgumentsAreRefused() throws {
    let missing = try run(["inspect", "/no/such/trace.jsonl"])
    #expect(missing.status == 1)
    #expect(missing.error == "chaintui inspect: /no/such/trace.jsonl: no such file\n")
    // A socket path of this test's own: were the refusal ever to come after the bind, a fixed
    // one could take over the socket of a user's `chaintui inspect --listen` running beside.
    let socket = FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-both-\(UUID().uuidString.prefix(8)).sock").path
    let both = try run(["inspect", "a.jsonl", "--listen", socket])
    #expect(both.status != 0)
    #expect(both.error.contains("not both"))
  }
}
