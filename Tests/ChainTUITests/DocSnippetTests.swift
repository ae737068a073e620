import ChainKitTestSupport
import Foundation
import Testing

/// Every Swift block the DocC catalogs and the README mark as compiling does compile, against
/// the modules this test run built, with the toolchain that built them (issue 24, item 7).
///
/// A block claims to compile with the line `<!-- compiles -->` just above its fence (DocC and
/// GitHub do not show it); `<!-- compiles after the previous one -->` compiles it after the
/// file's previous marked block, for a page that builds one example in steps (it may go on with
/// `; fragment: why`, DocExampleCoverageTests' mark); `<!-- fragment -->` (or `<!-- fragment: why
/// -->`) marks a block that leans on the text around it, which is not compiled, and `<!-- compiled as
/// FILE -->` one that is a source file of the package (the README's example, which
/// ReadmeExampleTests holds to `Sources/chainkit-example/main.swift`). Every Swift block has
/// one of the marks, so a new block is a choice, not an oversight. A block is compiled
/// as written, imports included; one without any `import` line gets its catalog's module
/// (`ChainKit`, or `ChainKit` and `ChainTUI`), as a reader of that page has it.
///
/// The same door as ``EventContextEscapeTests``: `SnippetCompiler`, `swiftc` with the build's
/// `Modules` directory.
@Suite("Documentation snippets")
struct DocSnippetTests {
  /// A marked block: where it is, and the source compiled for it.
  struct Snippet: CustomTestStringConvertible, Sendable {
    var location: String
    var source: String
    var testDescription: String { location }
  }

  static let root = PackageLayout.root

  /// The documents searched: every DocC article of both catalogs, and the README.
  static func documents() -> [URL] {
    var urls = [root.appendingPathComponent("README.md")]
    for catalog in [
      "Sources/ChainKit/ChainKit.docc", "Sources/ChainTUI/ChainTUI.docc",
      "Sources/ChainEvents/ChainEvents.docc",
      "Sources/ChainKitTracing/ChainKitTracing.docc",
    ] {
      let folder = root.appendingPathComponent(catalog)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      urls += names.filter { $0.hasSuffix(".md") }.sorted().map(folder.appendingPathComponent)
    }
    return urls
  }

  /// The marked blocks of a document's text.
  static func snippets(in text: String, file: String) -> [Snippet] {
    let lines = text.components(separatedBy: "\n")
    let imports =
      file.contains("ChainTUI.docc")
      ? "import ChainKit\nimport ChainTUI\n"
      : file.contains("ChainKitTracing.docc")
        ? "import ChainKit\nimport ChainKitTracing\n" : "import ChainKit\n"
    var snippets: [Snippet] = []
    var previous: String?
    var index = 0
    while index < lines.count {
      let mark = lines[index].trimmingCharacters(in: .whitespaces)
      guard mark.hasPrefix("<!-- compiles"), index + 1 < lines.count,
        lines[index + 1] == "```swift"
      else {
        index += 1
        continue
      }
      var end = index + 2
      while end < lines.count, lines[end] != "```" { end += 1 }
      var body = lines[(index + 2)..<min(end, lines.count)].joined(separator: "\n") + "\n"
      if mark.hasPrefix("<!-- compiles after the previous one"), let previous {
        body = previous + body
      }
      previous = body
      let source = body.contains("import ") ? body : imports + body
      snippets.append(Snippet(location: "\(file):\(index + 2)", source: source))
      index = end + 1
    }
    return snippets
  }

  static let all: [Snippet] = documents().flatMap { url in
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let file = url.path.replacingOccurrences(of: root.path + "/", with: "")
    return snippets(in: text, file: file)
  }

  @Test("each block marked as compiling compiles", arguments: all)
  func compiles(_ snippet: Snippet) throws {
    let result = try Self.typecheck(snippet.source)
    #expect(result.status == 0, "\(snippet.location) does not compile:\n\(result.output)")
  }

  @Test("every Swift block says whether it compiles or is a fragment")
  func everyBlockIsMarked() throws {
    for url in Self.documents() {
      let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
      for (index, line) in lines.enumerated() where line == "```swift" {
        let mark = index > 0 ? lines[index - 1] : ""
        #expect(
          mark.hasPrefix("<!-- compiles") || mark.hasPrefix("<!-- compiled as ")
            || mark.hasPrefix("<!-- fragment"),
          "\(url.lastPathComponent):\(index + 1): mark the block <!-- compiles --> or <!-- fragment -->"
        )
      }
    }
  }

  @Test("the pages that show complete code mark it, and the three blocks issue 24 found are among")
  func theMarkedBlocksAreFound() {
    let locations = Self.all.map(\.location)
    #expect(locations.count >= 9, "\(locations)")
    for page in ["Bindings.md", "Scripts.md", "TreeFiles.md", "YourOwnScenes.md", "ChainKit.md"] {
      #expect(locations.contains { $0.contains(page) }, "no marked block in \(page)")
    }
  }

  /// The three blocks as they were written before issue 24: the check refuses each.
  @Test(
    "the blocks as issue 24 found them do not compile",
    arguments: [
      "import ChainKit\nfinal class Account {\n"
        + "  lazy var name = Property(\"\", name: \"Account.name\", owner: self)\n}\n",
      "import ChainTUITesting\nimport Testing\n@MainActor func like() throws {\n"
        + "  _ = try HeadlessSession(size: Size(width: 100, height: 40), scene: \"model\")\n}\n",
      "import ChainTUITesting\n@MainActor func open() throws {\n"
        + "  _ = try HeadlessSession(treeFile: \"chat.tree\")\n}\n",
    ])
  func oldBlocksFail(_ source: String) throws {
    #expect(try Self.typecheck(source).status != 0)
  }

  /// Type-checks a source file as a program's main file (top-level code allowed).
  static func typecheck(_ source: String) throws -> ProcessResult {
    // The ncursesw module map ChainTUI's module refers to.
    try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: false, importing: "ChainTUI",
      searchPaths: ["Sources/CNcurses"])
  }
}
