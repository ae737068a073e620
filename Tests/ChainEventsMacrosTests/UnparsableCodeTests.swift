import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@ChainEvents` builds its code from strings; when one does not parse, the macro says so on the
/// method whose code it is and generates nothing, neither dropping a part of the expansion
/// silently nor expanding broken code that the compiler would report inside it.
@Suite("@ChainEvents code that does not parse")
struct UnparsableCodeTests {
  @Test("a method named with a keyword in backticks: an error naming the method")
  func backtickedMethodName() {
    assertChainEvents(
      """
      @ChainEvents
      protocol GridEvents {
        func reload()
        func `default`(row: Int)
      }
      """,
      expandsTo: """
        protocol GridEvents {
          func reload()
          func `default`(row: Int)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@ChainEvents wrote code for '`default`(row:)' that does not parse, so it generates nothing for this protocol; please report it with this declaration",
          line: 4, column: 8)
      ])
  }
}
