import ChainKitTestSupport
import Foundation
import Testing

/// Every Swift example the documentation shows is code a test holds, line for line, so an example
/// that shows behaviour (a `for await`, a request, a trigger, a replay, printed output) is run in
/// the shape a reader copies.
///
/// The examples searched: every ```swift block of README.md and of every DocC article under
/// Sources, and every ```swift block in a `///` doc comment under Sources (the `///` and the
/// block's common indentation removed). An example is covered when its lines, each with its
/// whitespace collapsed and blank lines left out, appear in that order, one after the other, in a
/// Swift file under Tests/ or Sources/chainkit-example.
///
/// An example that shows no behaviour (a declaration, a signature, a program's entry line that
/// a test cannot run) is exempt when the line just above its fence marks it as a fragment and
/// says why, in markdown and in a doc comment alike:
///
///     <!-- fragment: a protocol declaration only -->
///     /// <!-- fragment: the signature a scene conforms to -->
///
/// `<!-- compiles; fragment: reason -->` marks a block that DocSnippetTests also compiles. A
/// fragment mark without a reason is no mark: the reason is what a reviewer checks.
@Suite("Every documented example is run by a test")
struct DocExampleCoverageTests {
  /// One ```swift block of the documentation.
  struct Example: Sendable {
    /// `path:line` of the opening fence, the path relative to the package root.
    var location: String
    /// The line just above the fence (its mark, if any), trimmed.
    var mark: String
    /// The block's lines, `///` and common indentation removed.
    var lines: [String]

    /// Whether the mark exempts the block, with a reason after `fragment:`.
    var isFragment: Bool {
      guard mark.hasPrefix("<!--"), mark.hasSuffix("-->"),
        let range = mark.range(of: "fragment:")
      else { return false }
      let reason = mark[range.upperBound...].dropLast(3).trimmingCharacters(in: .whitespaces)
      return !reason.isEmpty
    }
  }

  static let root = PackageLayout.root

  /// Every file under `folder` (relative to the root) whose name ends with `suffix`, sorted.
  static func files(under folder: String, endingWith suffix: String) -> [URL] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var found: [URL] = []
    while let relative = walker.nextObject() as? String {
      if relative.hasSuffix(suffix) { found.append(base.appendingPathComponent(relative)) }
    }
    return found.sorted { $0.path < $1.path }
  }

  static func relative(_ url: URL) -> String {
    url.path.replacingOccurrences(of: root.path + "/", with: "")
  }

  /// The ```swift blocks of a markdown text.
  static func markdownExamples(in text: String, file: String) -> [Example] {
    let lines = text.components(separatedBy: "\n")
    var examples: [Example] = []
    var index = 0
    while index < lines.count {
      guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        end += 1
      }
      let mark = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
      examples.append(
        Example(
          location: "\(file):\(index + 1)", mark: mark,
          lines: Array(lines[(index + 1)..<min(end, lines.count)])))
      index = end + 1
    }
    return examples
  }

  /// The ```swift blocks of the `///` doc comments of a Swift source text.
  static func docCommentExamples(in text: String, file: String) -> [Example] {
    let lines = text.components(separatedBy: "\n")
    /// A line's doc-comment text (after `///`), or nil for a line that is not one.
    func docText(_ line: String) -> String? {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("///") else { return nil }
      return String(trimmed.dropFirst(3))
    }
    var examples: [Example] = []
    var index = 0
    while index < lines.count {
      guard let open = docText(lines[index]),
        open.trimmingCharacters(in: .whitespaces) == "```swift"
      else {
        index += 1
        continue
      }
      var body: [String] = []
      var end = index + 1
      while end < lines.count, let text = docText(lines[end]),
        text.trimmingCharacters(in: .whitespaces) != "```"
      {
        body.append(text)
        end += 1
      }
      let mark = index > 0 ? (docText(lines[index - 1]) ?? "") : ""
      examples.append(
        Example(
          location: "\(file):\(index + 1)", mark: mark.trimmingCharacters(in: .whitespaces),
          lines: body))
      index = end + 1
    }
    return examples
  }

  /// Every example of the documentation: README, DocC articles, doc comments.
  static func allExamples() throws -> [Example] {
    var documents = [root.appendingPathComponent("README.md")]
    documents += files(under: "Sources", endingWith: ".md").filter {
      $0.path.contains(".docc/")
    }
    var examples: [Example] = []
    for url in documents {
      let text = try String(contentsOf: url, encoding: .utf8)
      examples += markdownExamples(in: text, file: relative(url))
    }
    for url in files(under: "Sources", endingWith: ".swift") {
      let text = try String(contentsOf: url, encoding: .utf8)
      examples += docCommentExamples(in: text, file: relative(url))
    }
    return examples
  }

  /// A block's lines as compared: whitespace runs collapsed, ends trimmed, blank lines left out.
  static func normalized(_ lines: [String]) -> [String] {
    lines.map { line in
      line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }.filter { !$0.isEmpty }
  }

  /// The Swift files that may hold an example: every test file, and the README's program.
  static func corpus() throws -> [String] {
    let urls =
      files(under: "Tests", endingWith: ".swift")
      + files(under: "Sources/chainkit-example", endingWith: ".swift")
    return try urls.map { url in
      let text = try String(contentsOf: url, encoding: .utf8)
      return "\n" + normalized(text.components(separatedBy: "\n")).joined(separator: "\n") + "\n"
    }
  }

  /// Whether the example's lines appear, in order and adjacent, in one of the corpus's files.
  static func isCovered(_ example: Example, in corpus: [String]) -> Bool {
    let lines = normalized(example.lines)
    guard !lines.isEmpty else { return true }
    let needle = "\n" + lines.joined(separator: "\n") + "\n"
    return corpus.contains { $0.contains(needle) }
  }

  @Test("every documented Swift example is held verbatim by a test, or marked as a fragment")
  func everyExampleIsCovered() throws {
    let corpus = try Self.corpus()
    for example in try Self.allExamples()
    where !example.isFragment && !Self.isCovered(example, in: corpus) {
      Issue.record(
        """
        \(example.location): this example is in no file under Tests/ or \
        Sources/chainkit-example; run it in a test, copied line for line, or, if it shows no \
        behaviour, mark it <!-- fragment: why --> on the line above its fence
        """)
    }
  }

  @Test("the scan finds the blocks of the README, the articles and the doc comments")
  func scanFindsEveryKind() throws {
    let examples = try Self.allExamples()
    #expect(examples.contains { $0.location.hasPrefix("README.md:") })
    #expect(examples.contains { $0.location.contains("ChainKit.docc/Concurrency.md:") })
    #expect(examples.contains { $0.location.hasPrefix("Sources/ChainKit/Tree/Node.swift:") })
    #expect(examples.count >= 40, "found only \(examples.count) examples")
  }

  @Test("a covered example changed by one token is reported, and a reasonless mark exempts nothing")
  func theCheckCanFail() throws {
    let corpus = try Self.corpus()
    let examples = try Self.allExamples()
    let covered = try #require(
      examples.first { !$0.isFragment && $0.lines.count >= 2 && Self.isCovered($0, in: corpus) },
      "no covered example to alter")
    #expect(Self.isCovered(covered, in: corpus))
    var altered = covered
    let last = try #require(
      altered.lines.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    altered.lines[last] += " // altered"
    #expect(!Self.isCovered(altered, in: corpus), "\(covered.location) altered still passes")

    // Indentation and blank lines are not what an example is about.
    var reindented = covered
    reindented.lines = covered.lines.map { "    " + $0 } + [""]
    #expect(Self.isCovered(reindented, in: corpus))

    let doc = """
      /// Text.
      ///
      /// <!-- fragment -->
      /// ```swift
      /// let x = 1
      /// ```
      /// <!-- fragment: a declaration only -->
      /// ```swift
      /// let y = 2
      /// ```
      """
    let found = Self.docCommentExamples(in: doc, file: "Example.swift")
    #expect(found.map(\.location) == ["Example.swift:4", "Example.swift:8"])
    #expect(found.map(\.isFragment) == [false, true])
    #expect(found.map(\.lines) == [[" let x = 1"], [" let y = 2"]])
  }
}
