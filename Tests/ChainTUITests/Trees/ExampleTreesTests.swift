import Foundation
import Testing

@testable import ChainTUI

/// The repository's `examples` folder: every tree file has a script beside it that asserts its
/// flow, and every script passes, so `swift test` (and `make test`) runs them all.
@Suite("Example trees")
@MainActor
struct ExampleTreesTests {
  /// The example files with an extension, sorted.
  nonisolated static func files(_ suffix: String) -> [String] {
    let names = try? FileManager.default.contentsOfDirectory(
      atPath: TreeTestSupport.examples.path)
    return (names ?? []).filter { $0.hasSuffix(suffix) }.sorted()
  }

  @Test("there are at least three example trees, each with a script")
  func pairs() {
    let trees = Self.files(".tree")
    #expect(trees.count >= 3, "found \(trees) in \(TreeTestSupport.examples.path)")
    for tree in trees {
      let script = String(tree.dropLast(".tree".count)) + ".chaintui"
      #expect(Self.files(".chaintui").contains(script), "\(tree) has no \(script)")
    }
  }

  @Test("each example script passes against its tree", arguments: files(".chaintui"))
  func script(name: String) {
    let runner = ScriptRunner(makeTarget: ExplorerScriptTarget.make)
    let report = runner.run(
      fileAt: TreeTestSupport.examples.appendingPathComponent(name), file: "examples/\(name)",
      snapshotDirectory: nil)
    #expect(report.passed, "\(report.details)")
  }

  @Test("each example tree draws at 60x18, 80x24 and 160x50", arguments: files(".tree"))
  func draws(name: String) throws {
    let scene = try TreeFileLoader.scene(
      contentsOf: TreeTestSupport.examples.appendingPathComponent(name)
    ).get()
    for size in [
      Size(width: 60, height: 18), Size(width: 80, height: 24), Size(width: 160, height: 50),
    ] {
      let driver = try #require(
        try ExplorerScriptTarget.make(size: size, scene: scene.id, scenes: [scene])
          as? HeadlessDriver)
      let text = driver.render().text
      #expect(text.contains(scene.title), "\(size): \(text)")
    }
  }
}
