import ChainKitTestSupport
import Testing

/// A `@ChainEvents` subscription's target is an object, and the compiler says so where
/// `subscribe(_:target:)` is called: a value type has no identity for the registrations to hold
/// weakly, and would vanish at once.
///
/// Each snippet is compiled by the toolchain that built this test run, with its macro plugin, as
/// a user's package would be. The control, the same subscriber as a class, must compile, so that
/// a broken setup fails here instead of passing.
@Suite("a value-type subscriber, refused by the compiler")
struct ValueTypeTargetTests {
  /// The protocol, then `subscriber` from line 8 on, then its subscription on line 11.
  static func snippet(_ subscriber: String) -> String {
    """
    import ChainEvents

    @ChainEvents
    @MainActor
    protocol ContentEvents { func contentDidLoad(_ arg: Int) }

    \(subscriber) ContentSubscriber: ContentEvents { func contentDidLoad(_ arg: Int) {} }

    @MainActor
    func subscribe(on node: Node) {
      node.subscribe(ContentEvents.Event.self, target: ContentSubscriber())
    }

    """
  }

  @Test("a struct target is a compile error at the subscribe call")
  func structTargetIsRefused() throws {
    let result = try Self.compile(Self.snippet("struct"))
    #expect(result.status != 0, "compiled, with a struct target:\n\(result.output)")
    let error =
      "Snippet.swift:11:52: error: argument type 'ContentSubscriber' expected to be an instance of a class or class-constrained type"
    #expect(
      result.output.contains(error), "expected \"\(error)\"; the compiler said:\n\(result.output)")
  }

  @Test("the same subscriber as a class compiles")
  func classTargetCompiles() throws {
    let result = try Self.compile(Self.snippet("final class"))
    #expect(result.status == 0, "the control does not compile:\n\(result.output)")
    #expect(!result.output.contains("warning:"), "the control warns:\n\(result.output)")
  }

  /// Type-checks `source` as Snippet.swift (so named in the diagnostics), with the macro plugin.
  static func compile(_ source: String) throws -> ProcessResult {
    try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainEvents",
      macroPlugins: ["ChainEventsMacros"])
  }
}
