import ChainKitTestSupport
import Foundation
import Testing

/// `chaintui export` as a user runs it: a trace file in, a Chrome trace out, and a bad line
/// named by file and line.
@Suite("chaintui export command")
struct ExportCommandTests {
  /// Runs the built `chaintui` with `arguments`; its status, standard output and error.
  func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = try PackageLayout.builtExecutable("chaintui")
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // NB: standard error is read after standard output reaches its end; what the command
    // writes on it (one message) fits in the pipe's buffer meanwhile.
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  /// A folder of this test's own, removed by `body`'s end.
  func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  static let mount = """
    {"kind":"mount","node":"list","parent":"window","reason":"mounted","scope":"demo","time":1200,"version":1}
    """

  @Test("export --format chrome -o FILE writes a Chrome trace with a track per node")
  func exportsToAFile() throws {
    try withFolder { folder in
      let trace = folder.appendingPathComponent("trace.jsonl")
      let out = folder.appendingPathComponent("out.json")
      try (Self.mount + "\n").write(to: trace, atomically: true, encoding: .utf8)
      let result = try run(["export", trace.path, "--format", "chrome", "-o", out.path])
      #expect(result.status == 0, "\(result.error)")
      #expect(result.error.isEmpty)
      let text = try String(contentsOf: out, encoding: .utf8)
      #expect(text.hasPrefix("{\"displayTimeUnit\":\"ns\",\"traceEvents\":["))
      #expect(text.contains(#""args":{"name":"list"},"name":"thread_name""#), "\(text)")
      #expect(text.contains(#""name":"mounted under window""#), "\(text)")
    }
  }

  @Test("without -o the Chrome trace goes to standard output")
  func exportsToStandardOutput() throws {
    try withFolder { folder in
      let trace = folder.appendingPathComponent("trace.jsonl")
      try (Self.mount + "\n").write(to: trace, atomically: true, encoding: .utf8)
      let result = try run(["export", trace.path])
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.contains(#""name":"mounted under window""#), "\(result.output)")
    }
  }

  @Test("a line that is not of the trace schema stops the export with FILE:LINE and why")
  func badLineIsLocated() throws {
    try withFolder { folder in
      let trace = folder.appendingPathComponent("trace.jsonl")
      let out = folder.appendingPathComponent("out.json")
      try (Self.mount + "\n\n" + #"{"kind":"mount","version":1}"# + "\n").write(
        to: trace, atomically: true, encoding: .utf8)
      let result = try run(["export", trace.path, "-o", out.path])
      #expect(result.status == 1)
      #expect(
        result.error.hasPrefix("chaintui export: \(trace.path):3: error: "), "\(result.error)")
      #expect(result.error.contains("missing field"), "\(result.error)")
      #expect(!FileManager.default.fileExists(atPath: out.path))
    }
  }

  @Test("a missing trace file, and an unknown format, are refused with a message")
  func badArgumentsAreRefused() throws {
    let missing = try run(["export", "/no/such/trace.jsonl"])
    #expect(missing.status == 1)
    #expect(
      missing.error == "chaintui export: /no/such/trace.jsonl: cannot read the file: no such file\n"
    )
    let folder = FileManager.default.temporaryDirectory.path
    let directory = try run(["export", "/no/such/trace.jsonl", "-o", folder])
    #expect(directory.status == 1)
    #expect(directory.error == "chaintui export: \(folder): it is a directory\n")
    let format = try run(["export", "/no/such/trace.jsonl", "--format", "svg"])
    #expect(format.status != 0)
    #expect(format.error.contains("svg"), "\(format.error)")
  }
}
