import ChainKitTestSupport
import Testing

/// A subscriber's misspelt method is caught by the compiler in the shapes the Protocol Events
/// article recommends: conforming to the protocol itself (no defaults: an error wherever the
/// methods are) and conforming to `P.Partial` in an extension (a near-miss warning); and the
/// article's word that the class-body shape of `P.Partial` is silent is pinned too.
///
/// Each snippet is compiled by the toolchain that built this test run, with its macro plugin,
/// as a user's package would be. The control must compile without a warning, so that a broken
/// setup, or a warning from the generated code itself, fails here instead of passing.
@Suite("a misspelt subscriber method, caught by the compiler")
struct MisspeltMethodTests {
  /// The protocol (lines 3 to 8), then `subscriber` from line 10 on.
  static func snippet(_ subscriber: String) -> String {
    """
    import ChainEvents

    @ChainEvents
    @MainActor
    protocol ContentEvents {
      func contentDidLoadWithArg(_ arg: Int)
      func channelName(for id: String) -> String?
    }

    \(subscriber)
    """
  }

  @Test("conforming to the protocol, a misspelt method is an error, even in the class body")
  func strictConformanceRefusesAMisspeltMethod() throws {
    let result = try Self.compile(
      Self.snippet(
        """
        final class Subscriber: ContentEvents {
          func contentDidLoadWithArgs(_ arg: Int) {}
          func channelName(for id: String) -> String? { nil }
        }
        """))
    #expect(result.status != 0, "compiled, with a misspelt method:\n\(result.output)")
    let error =
      "Snippet.swift:10:13: error: type 'Subscriber' does not conform to protocol 'ContentEvents'"
    #expect(
      result.output.contains(error), "expected \"\(error)\"; the compiler said:\n\(result.output)")
  }

  @Test("conforming to P.Partial in an extension, a near miss of name or label is a warning")
  func partialInAnExtensionWarns() throws {
    let result = try Self.compile(
      Self.snippet(
        """
        final class Subscriber {}

        extension Subscriber: ContentEvents.Partial {
          func contentDidLoadWithArgs(_ arg: Int) {}
          func channelName(id: String) -> String? { id }
        }
        """))
    #expect(result.status == 0, "a warning, not an error, was expected:\n\(result.output)")
    for warning in [
      "Snippet.swift:13:8: warning: instance method 'contentDidLoadWithArgs' nearly matches defaulted requirement 'contentDidLoadWithArg' of protocol 'ContentEvents'",
      "Snippet.swift:14:8: warning: instance method 'channelName(id:)' nearly matches defaulted requirement 'channelName(for:)' of protocol 'ContentEvents'",
    ] {
      #expect(
        result.output.contains(warning),
        "expected \"\(warning)\"; the compiler said:\n\(result.output)")
    }
  }

  @Test("conforming to P.Partial in the class body, the compiler says nothing, as the article says")
  func partialInTheClassBodyIsSilent() throws {
    let result = try Self.compile(
      Self.snippet(
        """
        final class Subscriber: ContentEvents.Partial {
          func contentDidLoadWithArgs(_ arg: Int) {}
        }
        """))
    #expect(result.status == 0, "the snippet does not compile:\n\(result.output)")
    // If this fails the compiler has learnt to warn in a class body too: say so in
    // ProtocolEvents.md (its Subscribe section) and in the macro's symbol doc.
    #expect(
      !result.output.contains("warning:"),
      "the compiler now warns in the class body; update the docs:\n\(result.output)")
  }

  @Test("the control: both shapes spelt right compile without a warning")
  func rightSpellingCompilesCleanly() throws {
    let result = try Self.compile(
      Self.snippet(
        """
        final class Strict: ContentEvents {
          func contentDidLoadWithArg(_ arg: Int) {}
          func channelName(for id: String) -> String? { nil }
        }

        final class Loose {}

        extension Loose: ContentEvents.Partial {
          func contentDidLoadWithArg(_ arg: Int) {}
        }
        """))
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
