import Foundation

@testable import ChainTUI

/// Builds tree scenes from text and runs scripts on them through the explorer's headless loop.
@MainActor
enum TreeTestSupport {
  /// The repository's `examples` folder, located from this file.
  nonisolated static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")

  /// A scene from tree-file text; a problem in the text fails with its messages.
  static func scene(_ text: String) throws -> TreeScene {
    let tree = try TreeFileLoader.parse(bytes: Array(text.utf8), file: "t.tree", defaultID: "t")
      .get()
    return try TreeScene(tree, file: URL(fileURLWithPath: "/nonexistent/t.tree"))
  }

  /// Runs a script's text against a tree's scene, shown first.
  static func run(tree text: String, script: String) throws -> ScriptReport {
    let scene = try scene(text)
    let runner = ScriptRunner { size, _, _ in
      try ExplorerScriptTarget.make(size: size, scene: scene.id, scenes: [scene])
    }
    return runner.run(bytes: Array(script.utf8), file: "t.chaintui", snapshots: nil)
  }
}
