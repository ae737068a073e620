import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Each mistake `@ChainEvents` refuses, reported as one error on the line that makes it, and
/// nothing generated; a mistake whose repair is mechanical comes with the fix-it that makes it,
/// checked by applying it (`fixedSource`), and the others are pinned without one.
@Suite("@ChainEvents diagnostics")
struct ChainEventsDiagnosticTests {
  @Test("a generic method is an error at the declaration")
  func generic() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func pick<T>(_ value: T)
      }
      """,
      expandsTo: """
        protocol P {
          func pick<T>(_ value: T)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'pick' is generic; an event's payload needs concrete types, remove its generic parameters",
          line: 3, column: 12)
      ])
  }

  @Test("an inout argument is an error at the declaration")
  func inoutArgument() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func update(value: inout Int)
      }
      """,
      expandsTo: """
        protocol P {
          func update(value: inout Int)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'value' is inout; an event's arguments travel by value, remove 'inout' (return the new value from a request)",
          line: 3, column: 22, fixIts: [FixItSpec(message: "remove 'inout'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func update(value: Int)
        }
        """)
  }

  @Test("a closure argument that is not @Sendable is an error at the declaration")
  func nonSendableClosure() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func run(body: @escaping () -> Void)
      }
      """,
      expandsTo: """
        protocol P {
          func run(body: @escaping () -> Void)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'body' is a closure that is not @Sendable; events carry Sendable values, mark its type '@Sendable'",
          line: 3, column: 18, fixIts: [FixItSpec(message: "mark the closure type '@Sendable'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func run(body: @escaping @Sendable () -> Void)
        }
        """)
  }

  @Test("a variadic argument is an error at the declaration")
  func variadic() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func log(_ items: String...)
      }
      """,
      expandsTo: """
        protocol P {
          func log(_ items: String...)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'items' is variadic; take an array instead",
          line: 3, column: 12, fixIts: [FixItSpec(message: "take '[String]'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func log(_ items: [String])
        }
        """)
  }

  @Test("a throwing method is an error at the declaration")
  func throwing() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func load() throws
      }
      """,
      expandsTo: """
        protocol P {
          func load() throws
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'load' throws; a subscriber's error cannot reach the poster this way, remove 'throws'",
          line: 3, column: 15, fixIts: [FixItSpec(message: "remove 'throws'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func load()
        }
        """)
  }

  @Test("an async method in a protocol not isolated to the main actor is an error at async")
  func async() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
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
          line: 3, column: 16, fixIts: [FixItSpec(message: "mark the protocol '@MainActor'")])
      ],
      fixedSource: """
        @ChainEvents
        @MainActor
        protocol P {
          func fetch() async -> String
        }
        """)
  }

  @Test("a property is an error at the declaration")
  func property() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        var count: Int { get }
      }
      """,
      expandsTo: """
        protocol P {
          var count: Int { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@ChainEvents protocols hold only methods; move this property to another protocol",
          line: 3, column: 3)
      ])
  }

  @Test("an associated type is an error at the declaration")
  func associatedType() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        associatedtype Item
      }
      """,
      expandsTo: """
        protocol P {
          associatedtype Item
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@ChainEvents protocols cannot have associated types; replace 'Item' with a concrete type",
          line: 3, column: 3)
      ])
  }

  @Test("a static method is an error at the declaration")
  func staticMethod() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        static func make()
      }
      """,
      expandsTo: """
        protocol P {
          static func make()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'make' is static; events are instance methods of their subscribers, remove 'static'",
          line: 3, column: 3, fixIts: [FixItSpec(message: "remove 'static'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func make()
        }
        """)
  }

  @Test("a mutating method is an error at the declaration")
  func mutatingMethod() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        mutating func reset()
      }
      """,
      expandsTo: """
        protocol P {
          mutating func reset()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'reset' is mutating; subscribers are objects, remove 'mutating'",
          line: 3, column: 3, fixIts: [FixItSpec(message: "remove 'mutating'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func reset()
        }
        """)
  }

  @Test("a method named like a generated member is an error at the declaration")
  func reservedName() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func trigger()
      }
      """,
      expandsTo: """
        protocol P {
          func trigger()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'trigger' clashes with the generated PEvent.trigger; rename the method",
          line: 3, column: 8)
      ])
  }

  @Test("two methods with one base name are an error at the second")
  func sameName() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        func contentDidLoad(arg1: String, arg2: Int)
        func contentDidLoad(arg: Int)
      }
      """,
      expandsTo: """
        protocol P {
          func contentDidLoad(arg1: String, arg2: Int)
          func contentDidLoad(arg: Int)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "another method is also named 'contentDidLoad'; each method names its event's key, rename one",
          line: 4, column: 8, fixIts: [FixItSpec(message: "rename to 'contentDidLoadWithArg'")])
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          func contentDidLoad(arg1: String, arg2: Int)
          func contentDidLoadWithArg(arg: Int)
        }
        """)
  }

  @Test("the attribute on something other than a protocol is an error at the attribute")
  func notAProtocol() {
    assertChainEvents(
      """
      @ChainEvents
      struct S {
      }
      """,
      expandsTo: """
        struct S {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@ChainEvents applies to a protocol; declare the events as the methods of a protocol",
          line: 1, column: 1)
      ])
  }

  @Test("every mistake in a protocol is reported, each on its own line")
  func severalMistakes() {
    assertChainEvents(
      """
      @ChainEvents
      protocol P {
        var count: Int { get }
        func load() throws
      }
      """,
      expandsTo: """
        protocol P {
          var count: Int { get }
          func load() throws
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@ChainEvents protocols hold only methods; move this property to another protocol",
          line: 3, column: 3),
        DiagnosticSpec(
          message:
            "'load' throws; a subscriber's error cannot reach the poster this way, remove 'throws'",
          line: 4, column: 15, fixIts: [FixItSpec(message: "remove 'throws'")]),
      ],
      fixedSource: """
        @ChainEvents
        protocol P {
          var count: Int { get }
          func load()
        }
        """)
  }
}
