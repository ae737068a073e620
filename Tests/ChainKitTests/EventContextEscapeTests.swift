import Foundation
import Testing

/// Issue 12, item 1, checked by the compiler: an ``EventContext`` cannot outlive the call it is
/// lent to.
///
/// Each snippet is compiled against the ChainKit module this test run built, by the toolchain
/// that built it. The ones that keep a context must be refused with a noncopyable or escape
/// error; the control, which uses the context the way listeners should, must compile, so that a
/// broken setup (no module, no compiler) fails here instead of passing.
///
/// NB: `-emit-sil`, not `-typecheck`: the move checker and the check of escaping captures run
/// on SIL, after type checking, so `-typecheck` alone accepts two of the three snippets.
@Suite("EventContext cannot be stored")
struct EventContextEscapeTests {
  /// A snippet that keeps a context, and what the compiler must say about it.
  struct Escape: CustomTestStringConvertible, Sendable {
    var name: String
    var body: String
    var error: String
    var testDescription: String { name }
  }

  static let escapes = [
    Escape(
      name: "assigned to a variable outside the listener",
      body: """
        var kept: EventContext? = nil
        node.on(key) { ctx, _ in kept = ctx }
        _ = kept
        """,
      error: "is consuming"),
    Escape(
      name: "copied into a local",
      body: """
        node.on(key) { ctx, _ in
          let copy = ctx
          _ = copy
        }
        """,
      error: "after consume"),
    Escape(
      name: "captured by an escaping closure",
      body: """
        var later: [() -> String] = []
        node.on(key) { ctx, _ in later.append { ctx.targetName } }
        _ = later
        """,
      error: "escaping closure captures 'inout' parameter 'ctx'"),
  ]

  @Test("storing or escaping a context does not compile", arguments: escapes)
  func storingDoesNotCompile(_ escape: Escape) throws {
    let result = try Self.compile(escape.body)
    #expect(result.status != 0, "compiled, but keeps the context: \(escape.name)")
    #expect(
      result.output.contains("error:") && result.output.contains(escape.error),
      "expected the error \"\(escape.error)\"; the compiler said:\n\(result.output)")
  }

  @Test("a listener that copies out what it needs and steers the dispatch compiles")
  func usingTheContextCompiles() throws {
    let result = try Self.compile(
      """
      var names: [String] = []
      node.on(key) { ctx, value in
        names.append("\\(ctx.targetName):\\(value)")
        if value > 3 { ctx.stopPropagation() }
      }
      _ = names
      """)
    #expect(result.status == 0, "the control does not compile:\n\(result.output)")
  }

  /// Compiles `body` inside a main-actor function that has a `node` and an `EventKey<Int>` key.
  static func compile(_ body: String) throws -> (status: Int32, output: String) {
    let modules = try #require(modulesDirectory(), "no ChainKit.swiftmodule near the test binary")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-escape-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("Snippet.swift")
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
    let text = """
      import ChainKit

      @MainActor func snippet(node: Node) {
        let key = EventKey<Int>("snippet")
      \(indented)
      }

      """
    try text.write(to: source, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6",
      "-I", modules.path, source.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The `Modules` directory beside the running test binary (`.build/debug`, or the scratch
  /// path of a sanitizer run), where SwiftPM puts ChainKit.swiftmodule.
  static func modulesDirectory() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = directory.appendingPathComponent("Modules")
      let module = candidate.appendingPathComponent("ChainKit.swiftmodule")
      if FileManager.default.fileExists(atPath: module.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}
