import ChainKitTestSupport
import Testing

/// A `@ChainEvents` method whose argument is not `Sendable` is refused on that method's line, by
/// the compiler (only it knows whether a type is `Sendable`; `@ChainEventArguments`, which the
/// macro puts on each method, asks it there), or by the macro for a closure type it can see.
///
/// The snippet is compiled by the toolchain that built this test run, against its ChainEvents
/// module and with its macro plugin, as a user's package would be. The control, with the
/// argument made `Sendable`, must compile, so that a broken setup fails here instead of passing.
@Suite("a non-Sendable argument, refused at its method")
struct NonSendableArgumentTests {
  /// The snippet: `Box` is `declaration`; line 8 is the method that takes it.
  static func snippet(box declaration: String) -> String {
    """
    import ChainEvents

    \(declaration)

    @ChainEvents
    protocol BoxEvents {
      func counted(count: Int)
      func boxed(_ box: Box, count: Int)
    }

    """
  }

  @Test("a class that is not Sendable: an error on the method's line naming the type")
  func nonSendableClassIsRefused() throws {
    let result = try Self.compile(Self.snippet(box: "final class Box { var value = 0 }"))
    #expect(result.status != 0, "compiled, with a non-Sendable argument:\n\(result.output)")
    // The error is in the attribute `@ChainEvents` put on the method; the compiler prints where
    // that expanded code comes from on the next line: the method's own line.
    let lines = result.output.split(separator: "\n").map(String.init)
    let error = "error: type 'Box' does not conform to the 'Sendable' protocol"
    let atMethod = lines.indices.contains { index in
      lines[index].contains(error) && index + 1 < lines.count
        && lines[index + 1].contains("Snippet.swift:8:")
        && lines[index + 1].contains("expanded code originates here")
    }
    #expect(
      atMethod,
      "expected \"\(error)\" from Snippet.swift:8; the compiler said:\n\(result.output)")
  }

  @Test("the same protocol with a Sendable class compiles")
  func sendableClassCompiles() throws {
    let result = try Self.compile(Self.snippet(box: "final class Box: Sendable { let value = 0 }"))
    #expect(result.status == 0, "the control does not compile:\n\(result.output)")
  }

  @Test("a closure argument that is not @Sendable: the macro's error on its line")
  func nonSendableClosureIsRefused() throws {
    let result = try Self.compile(
      """
      import ChainEvents

      @ChainEvents
      protocol RunEvents {
        func run(_ body: () -> Void)
      }

      """)
    #expect(result.status != 0, "compiled, with a non-Sendable closure:\n\(result.output)")
    let error =
      "Snippet.swift:5:20: error: 'body' is a closure that is not @Sendable; events carry Sendable values, mark its type '@Sendable'"
    #expect(
      result.output.contains(error), "expected \"\(error)\"; the compiler said:\n\(result.output)")
  }

  @Test(
    "a closure type behind a typealias, which the macro cannot see: the compiler's error on its line"
  )
  func nonSendableClosureAliasIsRefused() throws {
    let result = try Self.compile(
      """
      import ChainEvents

      typealias Work = () -> Void

      @ChainEvents
      protocol RunEvents {
        func run(_ body: Work)
      }

      """)
    #expect(result.status != 0, "compiled, with a non-Sendable closure:\n\(result.output)")
    let lines = result.output.split(separator: "\n").map(String.init)
    let error = "error: type 'Work' (aka '() -> ()') does not conform to the 'Sendable' protocol"
    let atMethod = lines.indices.contains { index in
      lines[index].contains(error) && index + 1 < lines.count
        && lines[index + 1].contains("Snippet.swift:7:")
        && lines[index + 1].contains("expanded code originates here")
    }
    #expect(
      atMethod, "expected \"\(error)\" from Snippet.swift:7; the compiler said:\n\(result.output)")
  }

  @Test("@Sendable closures, escaping, not, optional, compile, their trigger posting them too")
  func sendableClosureCompiles() throws {
    let result = try Self.compile(
      """
      import ChainEvents

      @ChainEvents
      protocol RunEvents {
        func run(_ body: @escaping @Sendable () -> Void)
        func runLater(_ body: @Sendable () -> Void)
        func runMaybe(_ body: (@Sendable () -> Void)?)
        func runTwo(first: @Sendable (Int) -> Void, then: @escaping @Sendable () -> Void)
      }

      @MainActor
      func post(from node: Node) {
        node.trigger(RunEvents.Event.self).runLater { print("ran") }
      }

      """)
    #expect(result.status == 0, "the control does not compile:\n\(result.output)")
  }

  /// Type-checks `source` as Snippet.swift (so named in the diagnostics), with the macro plugin.
  static func compile(_ source: String) throws -> ProcessResult {
    try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainEvents",
      macroPlugins: ["ChainEventsMacros"])
  }
}
