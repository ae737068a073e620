import ChainEventsMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `assertMacroExpansion` for Swift Testing: a mismatch is an issue at the caller's line.
///
/// With `fixedSource`, every diagnostic's first fix-it is applied to `source`, and the result
/// must be `fixedSource`.
func assertChainEvents(
  _ source: String,
  expandsTo expanded: String,
  diagnostics: [DiagnosticSpec] = [],
  fixedSource: String? = nil,
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
    fixedSource: fixedSource,
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
