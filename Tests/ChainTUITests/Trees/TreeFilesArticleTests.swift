import Foundation
import Testing

@testable import ChainTUI

/// The Tree Files article's complete example is real: its tree checks clean and its script
/// passes, so a user who copies both gets what the article says.
@Suite("Tree Files article")
@MainActor
struct TreeFilesArticleTests {
  /// The article in the DocC catalog, located from this file.
  nonisolated static let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "Sources/ChainTUI/ChainTUI.docc/TreeFiles.md")

  /// The article's fenced code blocks, in order.
  static func blocks() throws -> [String] {
    let text = try String(contentsOf: Self.article, encoding: .utf8)
    let parts = text.components(separatedBy: "```")
    // Odd parts are inside fences; drop each block's info string line.
    return stride(from: 1, to: parts.count, by: 2).map { index in
      String(parts[index].drop { $0 != "\n" }.dropFirst())
    }
  }

  @Test("the complete example's tree checks clean and its script passes")
  func completeExample() throws {
    let blocks = try Self.blocks()
    let tree = try #require(blocks.first { $0.contains("\nscene chat ") })
    let script = try #require(
      blocks.first { $0.hasPrefix("size ") && $0.contains("tree chat.tree") })
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try tree.write(
      to: folder.appendingPathComponent("chat.tree"), atomically: true, encoding: .utf8)
    let scriptURL = folder.appendingPathComponent("chat.chaintui")
    try script.write(to: scriptURL, atomically: true, encoding: .utf8)

    let loaded = TreeFileLoader.load(contentsOf: folder.appendingPathComponent("chat.tree"))
    if case .failure(let errors) = loaded { Issue.record("\(errors)") }
    let report = ScriptRunner(makeTarget: ExplorerScriptTarget.make).run(
      fileAt: scriptURL, snapshotDirectory: nil)
    #expect(report.passed, "\(report.details)")
  }
}
