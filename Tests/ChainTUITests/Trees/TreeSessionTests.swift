import ChainTUI
import ChainTUITesting
import Foundation
import Testing

/// `HeadlessSession(treeFile:)`: a Swift test drives a user's tree file key by key, with the
/// public API only.
@Suite("Sessions on tree files")
@MainActor
struct TreeSessionTests {
  static var router: URL { TreeTestSupport.examples.appendingPathComponent("router.tree") }

  @Test("a session on a tree file starts on its scene and follows its flow")
  func drivesTree() throws {
    let session = try HeadlessSession(size: Size(width: 100, height: 30), treeFile: Self.router)
    #expect(session.scene == "tree-router")
    try session.focus("cell2")
    try session.press("s")
    try session.runScript(
      "expect event key=shareTapped origin=cell2 path=cell2>table>controller>app outcome=ok")
    #expect(session.log(of: "app")?.last == "bub shareTapped from cell2: handled")
  }

  @Test("a session on a bad tree file throws every problem, located")
  func badTree() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.tree")
    try "panel a\n  on x hadle\n  panel a\n".write(to: file, atomically: true, encoding: .utf8)
    #expect {
      _ = try HeadlessSession(treeFile: file)
    } throws: { error in
      let lines = (error as? HeadlessSessionError)?.message.split(separator: "\n") ?? []
      return lines.count == 2 && lines[0].hasPrefix("\(file.path):2:8: error: expected an action")
        && lines[1].hasPrefix("\(file.path):3:9: error: expected a new panel name")
    }
  }

  @Test("a session's script may not load trees: the session's scenes are fixed")
  func scriptTreeLine() throws {
    let session = try HeadlessSession(treeFile: Self.router)
    #expect(throws: HeadlessSessionError.self) {
      try session.runScript("tree router.tree\nexpect screen contains \"x\"")
    }
  }
}
