import ChainKitTestSupport
import Testing

/// The fix-its of `@ChainEvents` reach the compiler a user's package builds with, with the
/// error they repair: the compiler shows each as a note under the error.
///
/// The snippet is compiled by the toolchain that built this test run, with its macro plugin.
@Suite("@ChainEvents fix-its, as the compiler shows them")
struct FixItInCompilerTests {
  @Test("a static method's error comes with the fix-it that removes 'static'")
  func staticMethodFixIt() throws {
    let result = try SnippetCompiler.compile(
      """
      import ChainEvents

      @ChainEvents
      protocol BuildEvents {
        static func make()
      }

      """, stage: .typecheck, asLibrary: true, importing: "ChainEvents",
      macroPlugins: ["ChainEventsMacros"])
    #expect(result.status != 0, "compiled, with a static method:\n\(result.output)")
    let error =
      "Snippet.swift:5:3: error: 'make' is static; events are instance methods of their subscribers, remove 'static'"
    let lines = result.output.split(separator: "\n").map(String.init)
    let errorLine = try #require(
      lines.firstIndex { $0.contains(error) },
      "no \"\(error)\"; the compiler said:\n\(result.output)")
    let fixIt = lines[errorLine...].contains { $0.contains("note: remove 'static'") }
    #expect(fixIt, "no fix-it note under the error; the compiler said:\n\(result.output)")
  }
}
