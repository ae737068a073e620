import Foundation
import Testing

/// Tree files through the binary, as a user starts it: `chaintui check`, `chaintui --tree` and
/// `chaintui script` with a `tree` line, from a working directory other than the files'.
@Suite("chaintui and tree files")
struct TreeCommandTests {
  /// Runs the binary in a folder with arguments and no terminal; returns its exit status and
  /// what it printed on standard output and standard error.
  func chaintui(_ arguments: [String], in folder: URL? = nil) throws
    -> (status: Int32, output: String, errors: String)
  {
    let process = Process()
    process.executableURL = ChainTUIBinary.url
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let output = Pipe()
    // Standard error goes to a file, so neither pipe can fill up while the other is read.
    let errorsFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorsFile) }
    let errors = try FileHandle(forWritingTo: errorsFile)
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errors.close()
    let errorText = String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self)
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), errorText)
  }

  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-tree-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static let broken = """
    panel app
      on save hadle
      panel list
        panel cell
    mount ghost under app
    mount app under cell
    """

  @Test("check passes the example trees and says what each describes")
  func checkExamples() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let (status, output, _) = try chaintui(
      ["check", "router.tree", "diamond.tree", "settings.tree"], in: TreeTestSupport.examples)
    #expect(status == 0, "\(output)")
    #expect(output.contains("OK diamond.tree: scene 'diamond' \"Diamond\": 6 panels"))
    #expect(output.hasSuffix("3 ok, 0 with problems\n"))
  }

  @Test("check reports every problem of a bad file as file:line:column and exits 1")
  func checkBadFile() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.broken.write(
      to: folder.appendingPathComponent("bad.tree"), atomically: true, encoding: .utf8)
    let (status, output, _) = try chaintui(["check", "bad.tree"], in: folder)
    #expect(status == 1)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(
      lines.map { $0.prefix(while: { $0 != " " }) } == [
        "bad.tree:2:11:", "bad.tree:5:7:", "bad.tree:6:17:",
      ], "\(output)")
    #expect(lines.allSatisfy { $0.contains(": error: ") })
  }

  @Test("check of a file that cannot be read says so at line 1, without a crash")
  func checkMissingFile() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let (status, output, _) = try chaintui(["check", "/nonexistent/x.tree"])
    #expect(status == 1)
    #expect(output.hasPrefix("/nonexistent/x.tree:1:1: error: cannot read the tree file"))
  }

  @Test("check of a directory says it is one, located, instead of a Foundation error number")
  func checkDirectory() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output, _) = try chaintui(["check", folder.path])
    #expect(status == 1)
    #expect(
      output
        == "\(folder.path):1:1: error: cannot read the tree file: it is a directory; give a tree"
        + " file in it\n")
  }

  @Test("--tree with a bad file prints its problems and exits before touching the terminal")
  func runBadTree() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.broken.write(
      to: folder.appendingPathComponent("bad.tree"), atomically: true, encoding: .utf8)
    // Standard input is not a terminal either; the tree's problems come first, and alone.
    let (status, output, errors) = try chaintui(["--tree", "bad.tree"], in: folder)
    #expect(status == 1)
    #expect(output.isEmpty)
    #expect(errors.hasPrefix("bad.tree:2:11: error: expected an action"), "\(errors)")
    #expect(!errors.contains("not a terminal"))
    #expect(!errors.contains("\u{1B}["), "no escape sequence reached the terminal")
  }

  @Test("--tree with a good file gets as far as the terminal check")
  func runGoodTree() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let (status, _, errors) = try chaintui(
      ["--tree", "router.tree", "--scene", "tree-router"], in: TreeTestSupport.examples)
    #expect(status == 1)
    #expect(errors.contains("standard input is not a terminal"), "\(errors)")
  }

  @Test("script loads a tree relative to the script, from any working directory")
  func scriptWithTree() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scripts = TreeTestSupport.examples.path
    let (status, output, _) = try chaintui(
      ["script", "\(scripts)/router.chaintui", "\(scripts)/diamond.chaintui"], in: folder)
    #expect(status == 0, "\(output)")
    #expect(output.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test("a script whose tree has problems fails at its tree line with the tree's errors")
  func scriptWithBadTree() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.broken.write(
      to: folder.appendingPathComponent("bad.tree"), atomically: true, encoding: .utf8)
    try "size 80x24\ntree bad.tree\nexpect screen contains \"x\"\n".write(
      to: folder.appendingPathComponent("s.chaintui"), atomically: true, encoding: .utf8)
    let (status, output, _) = try chaintui(["script", "s.chaintui"], in: folder)
    #expect(status == 1)
    #expect(output.contains("s.chaintui:2"), "\(output)")
    #expect(output.contains("bad.tree:2:11: error: expected an action"), "\(output)")
  }
}
