import Foundation
import Testing

/// Unsafe code lives in `Sources/ChainKit/Runtime/Storage/`, in small audited types whose
/// `checkInvariants()` runs from their own mutating operations in builds with invariants; a scan
/// of the sources fails, naming file and line, on an unsafe construct anywhere else, and on an
/// `@exclusivity(unchecked)` whose comment does not name the benchmark case that shows it pays.
@Suite("Unsafe code only in Runtime/Storage")
struct UnsafeAllowlistTests {
  /// The folder that may hold unsafe constructs.
  static let storage = "Sources/ChainKit/Runtime/Storage/"

  /// The constructs the scan looks for.
  static let constructs = [
    "unowned(unsafe)", "Unmanaged", "unsafeDowncast", "unsafeBitCast", "@unchecked Sendable",
    "nonisolated(unsafe)", "withUnsafe", "_withUnsafeGuaranteedRef", "UnsafePointer",
    "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeBufferPointer",
    "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer",
    "UnsafeContinuation",
  ]

  /// Files outside the storage folder allowed a construct, each with why: none.
  ///
  /// The scan fails when a listed construct is no longer there, so the list only shrinks.
  static let allowed: [String: [String: String]] = [:]

  static let root = ArchitectureDocTests.root

  /// Every Swift file under `folder` (a path from the package root), with its text.
  static func sources(under folder: String) throws -> [(path: String, text: String)] {
    let base = root.appending(path: folder)
    let walker = try #require(FileManager.default.enumerator(atPath: base.path))
    var files: [(String, String)] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let text = try String(contentsOf: base.appending(path: relative), encoding: .utf8)
      files.append((folder + relative, text))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The benchmark case ids as patterns: each string literal that looks like a case id
  /// (`"bubble1.chainkit"`, `"share\(descendants).chainkit"`), an interpolation standing for
  /// digits.
  static func benchmarkCases(in files: [(path: String, text: String)]) throws -> [Regex<Substring>]
  {
    let literal = /"([a-z][a-z0-9\\()]*\.[a-z][a-zA-Z0-9.-]*)"/
    var patterns: [Regex<Substring>] = []
    for file in files {
      for match in file.text.matches(of: literal) {
        let escaped = NSRegularExpression.escapedPattern(for: String(match.output.1))
          .replacing(/\\\\\\\([^)]*\\\)/, with: "[0-9]+")
        patterns.append(try Regex<Substring>("^" + escaped + "$"))
      }
    }
    return patterns
  }

  /// The code of a line: nothing if it is a comment, else the line without a trailing comment.
  static func code(of line: Substring) -> Substring {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("//") { return "" }
    if let comment = line.firstRange(of: "// ") { return line[..<comment.lowerBound] }
    return line
  }

  /// Every violation in `files`, as `path:line: what`.
  static func violations(
    in files: [(path: String, text: String)], cases: [Regex<Substring>]
  ) -> [String] {
    var found: [String] = []
    var used: [String: Set<String>] = [:]
    for file in files {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
      let inStorage = file.path.hasPrefix(storage)
      for (index, line) in lines.enumerated() {
        let code = code(of: line)
        let place = "\(file.path):\(index + 1)"
        if !inStorage {
          let present = constructs.filter { code.contains($0) }
          for construct in present where allowed[file.path]?[construct] != nil {
            used[file.path, default: []].insert(construct)
          }
          if let construct = present.first(where: { allowed[file.path]?[$0] == nil }) {
            found.append("\(place): \(construct) outside \(storage)")
          }
        }
        if code.contains("@exclusivity(unchecked)") {
          // The justification: a comment on the line or above it, in the run of comments and
          // unchecked declarations this one ends (one comment may cover a group of fields).
          var comment = line[(line.firstRange(of: "//")?.lowerBound ?? line.endIndex)...]
          var above = index - 1
          while above >= 0,
            lines[above].drop(while: { $0 == " " }).hasPrefix("//")
              || lines[above].contains("@exclusivity(unchecked)")
          {
            comment += " " + lines[above]
            above -= 1
          }
          let words = comment.split(whereSeparator: { " `,;:()".contains($0) }).map {
            $0.hasSuffix(".") ? $0.dropLast() : $0
          }
          let named = words.contains { word in cases.contains { word.wholeMatch(of: $0) != nil } }
          if !named {
            found.append("\(place): @exclusivity(unchecked) without a benchmark case that pays")
          }
        }
      }
    }
    for (path, constructs) in allowed {
      for construct in constructs.keys where used[path]?.contains(construct) != true {
        found.append("\(path): allowlisted \(construct) is gone; take it off the list")
      }
    }
    return found.sorted()
  }

  @Test("no unsafe construct outside Runtime/Storage, and each unchecked exclusivity pays")
  func unsafeOnlyInStorage() throws {
    let files = try Self.sources(under: "Sources/ChainKit/")
    #expect(files.count > 100, "the scan found too few sources: \(files.count)")
    let cases = try Self.benchmarkCases(in: Self.sources(under: "Benchmarks/Sources/"))
    #expect(cases.count > 20, "the scan found too few benchmark cases: \(cases.count)")
    let found = Self.violations(in: files, cases: cases)
    #expect(found == [], "\(found.joined(separator: "\n"))")
  }

  @Test("the scan names the file and line of a violation")
  func scanFindsAViolation() throws {
    let cases = try Self.benchmarkCases(in: Self.sources(under: "Benchmarks/Sources/"))
    let files: [(path: String, text: String)] = [
      (
        "Sources/ChainKit/Tree/Bad.swift",
        """
        // unowned(unsafe) in a comment is fine
        final class Bad {
          unowned(unsafe) let owner: AnyObject
          // No case named here.
          @exclusivity(unchecked) var count = 0

          // Pays in bubble8.chainkit.
          @exclusivity(unchecked) var other = 0
          /// One of a group: the comment above the group covers it.
          @exclusivity(unchecked) var grouped = 0

          // Pays in nosuchcase.chainkit.
          @exclusivity(unchecked) var third = 0
          let plain = 0
          @exclusivity(unchecked) var fourth = 0  // share100.chainkit
        }
        """
      ),
      (Self.storage + "Good.swift", "struct Good { let raw: UnsafeMutableRawPointer }"),
    ]
    #expect(
      Self.violations(in: files, cases: cases).filter { $0.hasPrefix("Sources/ChainKit/Tree/Bad") }
        == [
          "Sources/ChainKit/Tree/Bad.swift:13: @exclusivity(unchecked) without a benchmark case that pays",
          "Sources/ChainKit/Tree/Bad.swift:3: unowned(unsafe) outside \(Self.storage)",
          "Sources/ChainKit/Tree/Bad.swift:5: @exclusivity(unchecked) without a benchmark case that pays",
        ])
  }
}
