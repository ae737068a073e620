import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that hosts `@ChainEvents`.
@main
struct ChainEventsPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [ChainEventsMacro.self, ChainEventArgumentsMacro.self]
}
