import Foundation
import Testing

/// ARCHITECTURE.md's table of references says how each listed stored property holds what it
/// refers to (strong, weak or unretained), and leaves none of its files' references out.
///
/// The check reads the declarations, so a reference that changes from weak to strong (a retain
/// cycle in waiting) or a new stored reference among these types turns it red until the table
/// says what is now true.
@Suite("ARCHITECTURE.md: who holds whom")
struct ReferenceTableTests {
  /// One row: the property `property` of the file at `file` refers to `target`, held `how`.
  struct Row: Equatable {
    var file: String
    var property: String
    var target: String
    var how: String
  }

  /// The rows of the table whose header starts `| Type | File | Property | Refers to | How |`.
  static func rows(in document: String) -> [Row] {
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(where: { $0.hasPrefix("| Type | File | Property |") })
    else { return [] }
    var rows: [Row] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|").map {
        $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
      }
      guard cells.count == 5 else { continue }
      let how = cells[4].split(separator: " ").first.map(String.init) ?? ""
      rows.append(Row(file: cells[1], property: cells[2], target: cells[3], how: how))
    }
    return rows
  }

  /// The stored property declarations of `text`, by name: lines of code that declare a `let` or
  /// `var` with a type or an initial value and no body (computed properties have one); closures
  /// are left out, as they name types without holding them.
  static func storedProperties(in text: String) -> [String: String] {
    var found: [String: String] = [:]
    let declaration =
      #/
      ^\s+ (?:@[\w()]+\s+)*
      (?:(?:private|fileprivate|package|public|internal)(?:\(set\))?\s+)*
      (?:(?:weak|unowned|unowned\(unsafe\))\s+)?
      (?:let|var)\s+ (\w+) \s*[:=]
      /#
    for line in text.split(separator: "\n") {
      let code = UnsafeAllowlistTests.code(of: line)
      guard let match = code.firstMatch(of: declaration) else { continue }
      let rest = code[match.range.upperBound...]
      if rest.contains("{") || rest.contains("->") { continue }
      found[String(match.output.1)] = String(code)
    }
    return found
  }

  /// How a declaration holds what it refers to.
  static func how(_ declaration: String) -> String {
    if declaration.contains("weak var") { return "weak" }
    if declaration.contains("unowned") || declaration.contains("Unretained<")
      || declaration.contains("Unmanaged<")
    {
      return "unretained"
    }
    return "strong"
  }

  /// Whether `text` names the type `word` as a whole word (`Node`, not `NodeCore`).
  static func names(_ word: String, in text: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: word) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      let isPart = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if !isPart(before), !isPart(after) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }

  /// What is wrong with `rows` against `files` (path → text).
  static func problems(rows: [Row], files: [String: String]) -> [String] {
    var found: [String] = []
    let targets = Set(rows.map(\.target))
    for row in rows {
      guard let text = files[row.file] else {
        found.append("\(row.file): no such file")
        continue
      }
      guard let declaration = storedProperties(in: text)[row.property] else {
        found.append("\(row.file): no stored property \(row.property)")
        continue
      }
      if !names(row.target, in: declaration) {
        found.append("\(row.file): \(row.property) does not name \(row.target)")
      }
      if how(declaration) != row.how {
        found.append(
          "\(row.file): \(row.property) is \(how(declaration)), the table says \(row.how)")
      }
    }
    for file in Set(rows.map(\.file)).sorted() {
      guard let text = files[file] else { continue }
      for (name, declaration) in storedProperties(in: text).sorted(by: { $0.key < $1.key }) {
        let named = targets.filter { names($0, in: declaration) }.sorted()
        if !named.isEmpty, !rows.contains(where: { $0.file == file && $0.property == name }) {
          found.append(
            "\(file): \(name) refers to \(named.joined(separator: ", ")) and has no row")
        }
      }
    }
    return found
  }

  @Test("each row is how its property is declared, and no reference of a listed file is left out")
  func tableIsTheDeclarations() throws {
    let rows = Self.rows(in: try ArchitectureDocTests.document())
    #expect(rows.count >= 15, "the table was not found or lost rows: \(rows.count)")
    var files: [String: String] = [:]
    for file in Set(rows.map(\.file)) {
      files[file] = try? String(
        contentsOf: ArchitectureDocTests.root.appending(path: file), encoding: .utf8)
    }
    let found = Self.problems(rows: rows, files: files)
    #expect(found == [], "\(found.joined(separator: "\n"))")
  }

  @Test("the check refuses a wrong holding, a missing property and a reference left out")
  func checkFailsOnAMismatch() {
    let file = "Sources/ChainKit/Tree/Fake.swift"
    let text = """
      final class Fake {
        weak var owner: AnyObject?
        var parent: FakeCore?
        // var ignored: FakeCore?
        var computed: FakeCore? { parent }
        let make: (FakeCore) -> Void
        var child: FakeCore?
      }
      """
    let rows = [
      Row(file: file, property: "owner", target: "AnyObject", how: "strong"),
      Row(file: file, property: "parent", target: "FakeCore", how: "strong"),
      Row(file: file, property: "gone", target: "FakeCore", how: "weak"),
    ]
    #expect(
      Self.problems(rows: rows, files: [file: text]) == [
        "\(file): owner is weak, the table says strong",
        "\(file): no stored property gone",
        "\(file): child refers to FakeCore and has no row",
      ])
  }
}
