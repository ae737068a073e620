import ChainKit
import ChainKitTracing
import Foundation
import Testing

/// `chaintui script` as a user runs it: the binary, real files, its output and exit status.
@Suite("chaintui script")
struct ScriptCommandTests {
  /// Runs the binary with arguments; returns its exit status and standard output.
  func chaintui(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = ChainTUIBinary.url
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-script-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("it prints one line per script, the failure, and the totals; any failure exits non-zero")
  func results() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.chaintui").path
    let bad = folder.appendingPathComponent("bad.chaintui").path
    let broken = folder.appendingPathComponent("broken.chaintui").path
    try "scene domino\nfocus feed\npress l\nexpect event key=ContentEvents.contentDidLoad(_:)\n"
      .write(toFile: good, atomically: true, encoding: .utf8)
    try "size 70x20\nexpect screen contains \"no such text\"\n"
      .write(toFile: bad, atomically: true, encoding: .utf8)
    try "press entr\n".write(toFile: broken, atomically: true, encoding: .utf8)
    let trace = folder.appendingPathComponent("trace.jsonl")

    let (status, output) = try chaintui(["script", good, bad, broken, "--trace", trace.path])
    let lines = output.split(separator: "\n").map(String.init)
    #expect(status != 0)
    #expect(lines.first == "PASS \(good)")
    #expect(lines.contains("FAIL \(bad)"))
    #expect(lines.contains("\(bad):2: failed: expect screen contains \"no such text\""))
    #expect(lines.contains("  screen at this point (70x20):"))
    #expect(lines.contains("FAIL \(broken)"))
    #expect(lines.contains { $0.hasPrefix("\(broken):1:7: error: unknown key name 'entr'") })
    #expect(lines.last == "1 passed, 2 failed")
    let records = try TraceRecord.decodeJSONLines(Data(contentsOf: trace))
    #expect(records.contains { $0.keyName == "ContentEvents.contentDidLoad(_:)" })
  }

  @Test("when every script passes it exits with status 0")
  func allPass() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.chaintui").path
    try "expect screen contains \"Event chain\"\n".write(
      toFile: good, atomically: true, encoding: .utf8)
    let (status, output) = try chaintui(["script", good])
    #expect(status == 0)
    #expect(output == "PASS \(good)\n1 passed, 0 failed\n")
  }

  @Test("--trace writes every record of every scene a script visits, each scoped by its scene")
  func traceHasEveryScene() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("scenes.chaintui").path
    // Domino posts an event; the model tree shares data down; the bus publishes on a tick.
    let lines = [
      "scene domino", "focus feed", "press l", "press 3", "focus actions1", "press l",
      "expect event key=like", "press 4", "tick 2s",
    ]
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.appendingPathComponent("trace.jsonl")

    let (status, output) = try chaintui(["script", script, "--trace", trace.path])
    #expect(status == 0, "\(output)")
    let traced = try TraceLine.decodeJSONLines(Data(contentsOf: trace))
    let scopes = Set(traced.map(\.scope))
    #expect(scopes.isSuperset(of: ["domino", "model", "bus"]), "\(scopes)")
    let records = traced.compactMap(\.record)
    #expect(records.contains { $0.keyName == "ContentEvents.contentDidLoad(_:)" })
    #expect(records.contains { if case .dispatch = $0 { false } else { true } })
    #expect(traced.contains { $0.scope == "model" && $0.record?.keyName == "like" })
  }

  @Test(
    "a --trace path that is a directory or cannot be created fails before any script runs",
    arguments: [false, true])
  func unwritableTraceFailsAtStart(isDirectory: Bool) throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.chaintui").path
    try "expect screen contains \"Event chain\"\n".write(
      toFile: good, atomically: true, encoding: .utf8)
    let path = isDirectory ? folder.path : folder.appendingPathComponent("no/such/trace").path
    let reason = isDirectory ? "it is a directory" : "No such file or directory"

    let (status, output) = try chaintui(["script", good, "--trace", path])
    #expect(status != 0)
    #expect(output == "chaintui: cannot trace to \(path): \(reason)\n")
  }
}
