import ChainKitTestSupport
import Foundation
import Testing

/// The Concurrency article's code blocks, put together in one file, compile against the ChainKit
/// this test run built (through `SnippetCompiler`, as `EventContextEscapeTests`).
@Suite("The Concurrency article's code")
struct ConcurrencyArticleTests {
  static let article = PackageLayout.root.appendingPathComponent(
    "Sources/ChainKit/ChainKit.docc/Concurrency.md")

  /// The article's ```swift blocks, in order.
  static func blocks() throws -> [String] {
    let text = try String(contentsOf: article, encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if let lines = current, line == "```" {
        blocks.append(lines.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("every code block of the Concurrency article compiles")
  func everyBlockCompiles() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count >= 4, "found \(blocks.count) swift blocks")
    let result = try SnippetCompiler.compile(
      blocks.joined(separator: "\n\n") + "\n", stage: .sil, asLibrary: true,
      importing: "ChainKit")
    let output = result.output
    #expect(result.status == 0, "the article's code does not compile:\n\(output)")
    #expect(!output.contains("warning:"), "the article's code has warnings:\n\(output)")
  }
}
