import ChainKitTestSupport
import Testing

/// A listener or interceptor closure with one parameter too few, held to the compiler: the error
/// says how many parameters it takes and what to write, not that `EventContext` is not
/// `Copyable`; the same calls with the right closures still compile without a warning.
@Suite("Listener arity, checked by the compiler")
struct ListenerArityTests {
  private static let declarations = """
    import ChainKit

    final class Owner {}

    """

  @Test("a closure with one parameter too few gets an error that says what to write")
  func shortClosuresAreExplained() throws {
    let source =
      Self.declarations + """
        @MainActor func wire(
          _ node: Node, tap: EventKey<Int>, size: RequestKey<Int, String>, owner: Owner
        ) {
          node.on("swiped") { params in _ = params }
          node.on(tap) { value in _ = value }
          node.once(tap) { value in _ = value }
          node.on(tap, target: owner) { owner, value in _ = (owner, value) }
          node.intercept(tap) { value in value += 1 }
          node.intercept(size) { value in value += 1 }
        }

        """
    let result = try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainKit")
    #expect(result.status != 0)
    let listener =
      "a listener takes two parameters, the context and the payload: write { ctx, params in … }"
    let target =
      "a target-bound listener takes three parameters, the target, the context and the payload"
    let interceptor = "an interceptor takes two parameters, the context and the payload (inout)"
    // The compiler prints each error twice (its located line, then under the source); the
    // located lines alone say which calls failed.
    let errors = result.output.split(separator: "\n").filter { $0.contains("Snippet.swift:") }
      .filter { $0.contains(": error: ") }
    #expect(errors.count == 6, "\(result.output)")
    #expect(errors.filter { $0.contains(listener) }.count == 3, "\(result.output)")
    #expect(errors.filter { $0.contains(target) }.count == 1, "\(result.output)")
    #expect(errors.filter { $0.contains(interceptor) }.count == 2, "\(result.output)")
    #expect(!result.output.contains("Copyable"), "\(result.output)")
  }

  @Test("the same calls with the right closures compile without a warning")
  func rightClosuresCompile() throws {
    let source =
      Self.declarations + """
        @MainActor func wire(
          _ node: Node, tap: EventKey<Int>, size: RequestKey<Int, String>, owner: Owner
        ) {
          node.on("swiped") { ctx, params in _ = params }
          node.on("swiped") { _, _ in }
          node.on(tap) { ctx, value in _ = value }
          node.on(tap, capture: true, once: true) { _, value in _ = value }
          node.once(tap) { _, value in _ = value }
          node.on(tap, target: owner) { owner, ctx, value in _ = (owner, value) }
          node.intercept(tap) { _, value in value += 1 }
          node.intercept(size) { ctx, value in value += 1 }
          node.respond(to: size) { _, value in String(value) }
          node.on(tap, delivery: .nextTurn) { event in _ = event }
        }

        """
    let result = try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainKit")
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }
}
