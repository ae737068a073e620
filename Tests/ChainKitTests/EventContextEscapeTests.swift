import ChainKitTestSupport
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
/// NB: `.sil`, not `.typecheck`: the move checker and the check of escaping captures run on SIL,
/// after type checking, so type checking alone accepts two of the three snippets.
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
  static func compile(_ body: String) throws -> ProcessResult {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
    let text = """
      import ChainKit

      @MainActor func snippet(node: Node) {
        let key = EventKey<Int>("snippet")
      \(indented)
      }

      """
    return try SnippetCompiler.compile(text, stage: .sil, asLibrary: true, importing: "ChainKit")
  }
}
