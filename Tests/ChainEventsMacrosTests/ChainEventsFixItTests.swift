import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import ChainEventsMacros

/// The fix-its of `@ChainEvents` in the shapes the single-mistake tests do not show.
///
/// Several on one method, closures written bare, optional or isolated, a protocol written on one
/// line, and a rename whose first choice is taken; each is checked by applying every fix-it to
/// the source.
@Suite("@ChainEvents fix-its")
struct ChainEventsFixItTests {
  @Test("an async, typed-throwing method of a public protocol: both fix-its apply together")
  func asyncAndThrowing() {
    assertChainEvents(
      """
      @ChainEvents
      public protocol P {
        func load() async throws(LoadError) -> Int
      }
      """,
      expandsTo: """
        public protocol P {
          func load() async throws(LoadError) -> Int
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'load' throws; a subscriber's error cannot reach the poster this way, remove 'throws'",
          line: 3, column: 21, fixIts: [FixItSpec(message: "remove 'throws(LoadError)'")]),
        DiagnosticSpec(
          message:
            "'load' is async and its subscribers answer on the main actor; mark the protocol @MainActor",
          line: 3, column: 15, fixIts: [FixItSpec(message: "mark the protocol '@MainActor'")]),
      ],
      fixedSource: """
        @ChainEvents
        @MainActor
        public protocol P {
          func load() async -> Int
        }
        """)
  }

  @Test("two async methods: @MainActor is offered once, on the first, and written once")
  func mainActorOnce() {
    let message = { (name: String) in
      "'\(name)' is async and its subscribers answer on the main actor; mark the protocol @MainActor"
    }
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func fetch() async -> String
        func store() async
      }
      """,
      expandsTo: """
        protocol P {
          func fetch() async -> String
          func store() async
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: message("fetch"), line: 3, column: 16,
          fixIts: [FixItSpec(message: "mark the protocol '@MainActor'")]),
        DiagnosticSpec(message: message("store"), line: 4, column: 16),
      ],
      fixedSource: """
        @ChainEvents
        @MainActor
        protocol P {
          func fetch() async -> String
          func store() async
        }
        """)
  }

  @Test(
    "a closure that is not @Sendable is an error however it is written: bare, optional, isolated")
  func nonSendableClosureShapes() {
    let message =
      "'body' is a closure that is not @Sendable; events carry Sendable values, mark its type '@Sendable'"
    let markSendable = FixItSpec(message: "mark the closure type '@Sendable'")
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func run(_ body: () -> Void)
        func maybe(body: (() -> Void)?)
        func onMain(body: @escaping @MainActor () -> Void)
      }
      """,
      expandsTo: """
        protocol P {
          func run(_ body: () -> Void)
          func maybe(body: (() -> Void)?)
          func onMain(body: @escaping @MainActor () -> Void)
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: message, line: 3, column: 20, fixIts: [markSendable]),
        DiagnosticSpec(message: message, line: 4, column: 20, fixIts: [markSendable]),
        DiagnosticSpec(message: message, line: 5, column: 21, fixIts: [markSendable]),
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func run(_ body: @Sendable () -> Void)
          func maybe(body: (@Sendable () -> Void)?)
          func onMain(body: @escaping @MainActor @Sendable () -> Void)
        }
        """)
  }

  @Test("a protocol written on one line gets @MainActor on that line")
  func mainActorOnOneLine() {
    assertChainEvents(
      """
      @ChainEvents protocol P {
        func fetch() async -> String
      }
      """,
      expandsTo: """
        protocol P {
          func fetch() async -> String
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'fetch' is async and its subscribers answer on the main actor; mark the protocol @MainActor",
          line: 2, column: 16, fixIts: [FixItSpec(message: "mark the protocol '@MainActor'")])
      ],
      fixedSource: """
        @ChainEvents @MainActor protocol P {
          func fetch() async -> String
        }
        """)
  }

  @Test("a rename never takes a name the protocol has: the Domino name, else a number")
  func renameAvoidsTakenNames() {
    let message = { (name: String) in
      "another method is also named '\(name)'; each method names its event's key, rename one"
    }
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func select(_ index: Int)
        func selectWithIndex()
        func select(index: Int)
        func reload(animated: Bool)
        func reload()
      }
      """,
      expandsTo: """
        protocol P {
          func select(_ index: Int)
          func selectWithIndex()
          func select(index: Int)
          func reload(animated: Bool)
          func reload()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: message("select"), line: 5, column: 8,
          fixIts: [FixItSpec(message: "rename to 'select2'")]),
        DiagnosticSpec(
          message: message("reload"), line: 7, column: 8,
          fixIts: [FixItSpec(message: "rename to 'reload2'")]),
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func select(_ index: Int)
          func selectWithIndex()
          func select2(index: Int)
          func reload(animated: Bool)
          func reload2()
        }
        """)
  }
}

/// The edits themselves, applied without the test support's trimming of blanks at line ends.
@Suite("@ChainEvents fix-it edits")
struct ChainEventsFixItEditTests {
  @Test("a keyword removed at the end of a line leaves no blank behind")
  func removalLeavesNoTrailingBlank() throws {
    let file = Parser.parse(source: "protocol P {\n  func load() throws\n}\n")
    let proto = try #require(file.statements.first?.item.as(ProtocolDeclSyntax.self))
    let edits = ProtocolReader(proto).diagnostics.flatMap(\.fixIts).flatMap(\.edits)
    var fixed = Array(file.description.utf8)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      let range = edit.range.lowerBound.utf8Offset..<edit.range.upperBound.utf8Offset
      fixed.replaceSubrange(range, with: Array(edit.replacement.utf8))
    }
    #expect(String(decoding: fixed, as: UTF8.self) == "protocol P {\n  func load()\n}\n")
  }
}
