import ChainEventsMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `assertMacroExpansion` for Swift Testing: a mismatch is an issue at the caller's line.
func assertChainEvents(
  _ source: String,
  expandsTo expanded: String,
  diagnostics: [DiagnosticSpec] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  assertMacroExpansion(
    source,
    expandedSource: expanded,
    diagnostics: diagnostics,
    macroSpecs: ["ChainEvents": MacroSpec(type: ChainEventsMacro.self)],
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(
        Comment(rawValue: failure.message),
        sourceLocation: SourceLocation(
          fileID: failure.location.fileID, filePath: failure.location.filePath,
          line: failure.location.line, column: failure.location.column))
    },
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
}
