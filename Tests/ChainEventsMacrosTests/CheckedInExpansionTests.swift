import ChainEventsMacros
import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

/// The Event chain scene's checked-in expansion is what `@ChainEvents` writes.
///
/// ChainTUI builds without swift-syntax, so the scene's events are plain protocols in
/// `DominoEvents.swift` and the code the macro writes for them is checked in, in
/// `DominoEvents+Expansion.swift`. This test adds `@ChainEvents` to each
/// protocol, expands the file with the macro and requires the checked-in file to be that code,
/// so a change of the protocols or of the macro that is not carried into the file fails here.
///
/// The expanded protocols also gain `@ChainEventArguments` on each method; that attribute is a
/// macro too (it only asks the compiler whether the argument types are `Sendable`), so the
/// checked-in code leaves the protocols as written and holds only what the macro adds beside them.
///
/// When the change is meant, rewrite the file:
///
/// ```
/// CHAINKIT_UPDATE_EXPANSION=1 swift test --disable-xctest --filter CheckedInExpansionTests
/// ```
@Suite("The checked-in @ChainEvents expansion")
struct CheckedInExpansionTests {
  static let header = """
    // swift-format-ignore-file
    // Generated: what @ChainEvents writes for the protocols in DominoEvents.swift, checked in so
    // that ChainTUI builds without swift-syntax. ChainEventsMacrosTests' CheckedInExpansionTests
    // holds it equal to the macro's expansion; rewrite it with CHAINKIT_UPDATE_EXPANSION=1 there.
    import ChainEventsRuntime
    import ChainKit


    """

  @Test("DominoEvents+Expansion.swift is what @ChainEvents generates for DominoEvents.swift")
  func sceneExpansionMatches() throws {
    let protocols = try #require(Self.source("DominoEvents.swift"), "no DominoEvents.swift")
    let declarations = try String(contentsOf: protocols, encoding: .utf8)
    let expected = try Self.header + Self.generated(for: declarations)
    // Beside the protocols unless it was moved on its own.
    let file =
      Self.source("DominoEvents+Expansion.swift")
      ?? protocols.deletingLastPathComponent().appendingPathComponent(
        "DominoEvents+Expansion.swift")
    if ProcessInfo.processInfo.environment["CHAINKIT_UPDATE_EXPANSION"] != nil {
      guard (try? String(contentsOf: file, encoding: .utf8)) != expected else { return }
      try expected.write(to: file, atomically: true, encoding: .utf8)
      Issue.record("rewrote \(file.path); review the diff, then run again without the variable")
      return
    }
    let checkedIn = try #require(
      try? String(contentsOf: file, encoding: .utf8),
      "no \(file.path): write it with CHAINKIT_UPDATE_EXPANSION=1")
    #expect(
      checkedIn == expected,
      """
      \(file.lastPathComponent) is not what @ChainEvents generates for DominoEvents.swift \
      (first differing line: \(Self.firstDifference(checkedIn, expected))); rewrite it with \
      CHAINKIT_UPDATE_EXPANSION=1
      """)
  }

  @Test("a protocol changed in DominoEvents.swift no longer matches the checked-in expansion")
  func changedProtocolIsCaught() throws {
    let protocols = try #require(Self.source("DominoEvents.swift"), "no DominoEvents.swift")
    let expansion = try #require(
      Self.source("DominoEvents+Expansion.swift"), "no DominoEvents+Expansion.swift")
    let declarations = try String(contentsOf: protocols, encoding: .utf8)
    let checkedIn = try String(contentsOf: expansion, encoding: .utf8)
    let changed = declarations.replacingOccurrences(
      of: "func pageSize() -> Int?", with: "func pageSize() -> Int?\n  func pageCount() -> Int?")
    #expect(changed != declarations, "DominoEvents.swift no longer declares pageSize()")
    #expect(try Self.header + Self.generated(for: changed) != checkedIn)
  }

  /// The file of ChainTUI's sources with this name, in whichever folder the scenes live.
  static func source(_ name: String) -> URL? {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let sources = root.appendingPathComponent("Sources/ChainTUI")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    let found = (files?.allObjects as? [URL] ?? []).first { $0.lastPathComponent == name }
    return found
  }

  /// The declarations `@ChainEvents` adds beside the protocols of `source`: every top-level
  /// item of the expanded file that is neither an import nor one of the protocols.
  static func generated(for source: String) throws -> String {
    var lines: [Substring] = []
    var attributesStart: Int?
    var marked = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "@ChainEvents" {
        continue
      } else if line.hasPrefix("@") {
        attributesStart = attributesStart ?? lines.count
      } else if line.hasPrefix("protocol ") {
        lines.insert("@ChainEvents", at: attributesStart ?? lines.count)
        marked += 1
        attributesStart = nil
      } else {
        attributesStart = nil
      }
      lines.append(line)
    }
    try #require(marked > 0, "no top-level protocol in DominoEvents.swift")
    let context = BasicMacroExpansionContext()
    let expanded = Parser.parse(source: lines.joined(separator: "\n")).expand(
      macros: ["ChainEvents": ChainEventsMacro.self], contextGenerator: { _ in context },
      indentationWidth: .spaces(2))
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics.map(\.message))")
    let file = try #require(expanded.as(SourceFileSyntax.self))
    let added = file.statements.filter {
      !$0.item.is(ImportDeclSyntax.self) && !$0.item.is(ProtocolDeclSyntax.self)
    }
    try #require(added.count >= 2 * marked, "the macro added \(added.count) declarations")
    return added.map { $0.description.trimmingCharacters(in: .whitespacesAndNewlines) }
      .joined(separator: "\n\n") + "\n"
  }

  static func firstDifference(_ left: String, _ right: String) -> String {
    let leftLines = left.split(separator: "\n", omittingEmptySubsequences: false)
    let rightLines = right.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, pair) in zip(leftLines, rightLines).enumerated() where pair.0 != pair.1 {
      return "\(index + 1): \"\(pair.0)\" against \"\(pair.1)\""
    }
    return "the files differ in length (\(leftLines.count) against \(rightLines.count) lines)"
  }
}
