import ChainKit
import ChainTUI
import ChainTUITesting
import Foundation
import Testing

/// The scene of Panel's example: its lines run in the scene's `init`.
@MainActor
private final class PanelDocScene: Scene {
  let id = "panel-doc"
  let title = "Panel"
  let root: Panel
  let flow = ["enter on row1 posts opened; the inbox shows it."]

  init() {
    let inbox = Panel("inbox", title: "inbox (list)")
    let row = Panel("row1")
    inbox.add(row)
    row.keys = [PanelKey(.enter, "open") { [unowned row] in row.node.post("opened", ["row": 1]) }]
    inbox.node.on("opened") { [unowned inbox] _, params in inbox.body = ["opened \(params)"] }
    root = inbox
  }
}

/// The examples of ChainTUI's and ChainTUITesting's symbol documentation, and the Tree Files
/// article's check, run as written (DocExampleCoverageTests holds the copies to the docs).
@MainActor
@Suite("ChainTUI's documented examples, run as written")
struct HeadlessSessionDocTests {
  /// Writes the Tree Files article's `chat.tree` into a folder of its own and returns its URL,
  /// with the folder to remove.
  static func chatTreeFile() throws -> (url: URL, folder: URL) {
    let tree = try #require(TreeFilesArticleTests.blocks().first { $0.contains("\nscene chat ") })
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("chat.tree")
    try tree.write(to: url, atomically: true, encoding: .utf8)
    return (url, folder)
  }

  @Test("HeadlessSession: liking a post in the model scene")
  func modelScene() throws {
    let session = try HeadlessSession(size: Size(width: 100, height: 40), scene: "model")
    try session.focus("actions1")
    try session.press("l")
    #expect(session.screenText.contains("♥ liked"))
  }

  @Test("HeadlessSession(scenes:): enter on the first row reaches the inbox")
  func ownScenes() throws {
    let session = try HeadlessSession(scenes: [InboxScene()])
    try session.press("enter")
    #expect(session.log(of: "inbox")?.last == "bub opened from row1: handled")
  }

  @Test("HeadlessSession(treeFile:): the composer's enter sends")
  func treeFile() throws {
    let (chatTree, folder) = try Self.chatTreeFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = try HeadlessSession(treeFile: chatTree)
    try session.focus("composer")
    try session.press("enter")
    try session.runScript("expect event key=send outcome=ok")
  }

  @Test("Tree Files: a message's enter opens it in the window")
  func treeFilesArticle() throws {
    let (chatTree, folder) = try Self.chatTreeFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    try checkOpenMessage(chatTree: chatTree)
  }

  @Test("Panel: the row's key posts, the inbox's listener shows it")
  func panel() throws {
    let session = try HeadlessSession(scenes: [PanelDocScene()])
    try session.focus("row1")
    try session.press("enter")
    #expect(session.screenText.contains("opened [row: 1]"), "\(session.screenText)")
  }
}
