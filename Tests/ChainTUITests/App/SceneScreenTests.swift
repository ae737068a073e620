import Testing

@testable import ChainTUI

@Suite("Scenes at 80x24")
@MainActor
struct SceneScreenTests {
  @Test(
    "every scene renders at 80x24 and shows each of its panels' titles",
    arguments: SceneCatalog.ids)
  func everySceneShowsItsPanels(scene: String) {
    let app = AppTest.app(scene: scene)
    let text = AppTest.screen(app)
    for panel in app.scene.allPanels {
      #expect(text.contains(String(panel.title.prefix(10))), "\(scene) lacks \(panel.title)")
    }
  }

  @Test(
    "after a short tour each scene's 80x24 screen shows its logs and is the one in docs/screens",
    arguments: SceneCatalog.ids)
  func tour(scene: String) {
    let app = AppTest.app(scene: scene)
    for step in Self.tours[scene] ?? [] {
      switch step {
      case .key(let key): app.press(key)
      case .focus(let name): #expect(app.focus(panelNamed: name))
      case .wait(let duration): app.advance(by: duration)
      }
    }
    let text = AppTest.screen(app)
    #expect(!text.contains("too small"))
    #expect(app.scene.allPanels.contains { !$0.log.lines.isEmpty })
    // A golden is only recorded when its screen keeps the layout rule.
    #expect(LayoutRule.violations(app) == [])
    AppTest.expectDocsScreen(text, scene: scene)
  }

  /// The README's picture of the explorer is the tour's Event chain screen: the tour above
  /// compares docs/screens with the app, this compares the README with docs/screens.
  @Test("the README's explorer screen is the Event chain screen in docs/screens")
  func readmeScreen() throws {
    let root = AppTest.docsScreens.deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let picture = try String(
      contentsOf: AppTest.docsScreens.appendingPathComponent("domino.txt"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```text\n").dropFirst()
      .compactMap { $0.components(separatedBy: "```\n").first }
    let screens = blocks.filter { $0.hasPrefix(" 1 Event chain") }
    #expect(screens.count == 1)
    #expect(screens.first == picture, "README.md's screen differs from docs/screens/domino.txt")
  }

  enum Step {
    case key(Key)
    case focus(String)
    case wait(Duration)
  }

  static let tours: [String: [Step]] = [
    "domino": [
      .key(.character("l")), .key(.character("e")), .focus("detail"), .key(.character("g")),
    ],
    "router": [
      .key(.enter), .focus("cell1"), .key(.character("l")), .focus("cell2"), .key(.character("s")),
    ],
    "model": [
      .focus("actions1"), .key(.character("l")), .key(.character("c")), .key(.character("s")),
    ],
    "bus": [.wait(.seconds(3)), .focus("producer"), .key(.character("a"))],
    "bindings": [
      .key(.character("4")), .key(.character("2")), .focus("cents"), .key(.character("5")),
    ],
    "playground": [
      .key(.enter), .key(.character("m")), .key(.enter), .focus("widget"), .key(.character("c")),
      .focus("btnB"), .key(.enter),
    ],
  ]

  @Test("every scene's panel tree is at least three levels deep", arguments: SceneCatalog.ids)
  func everySceneIsThreeLevelsDeep(scene: String) {
    let app = AppTest.app(scene: scene)
    let deepest = app.scene.allPanels.map(\.treePath.count).max() ?? 0
    #expect(deepest >= 3)
  }

  @Test("the panel tree is the node tree: each panel's node is mounted under its parent's")
  func panelTreeIsNodeTree() {
    for scene in SceneCatalog.ids {
      let app = AppTest.app(scene: scene)
      for panel in app.scene.allPanels {
        #expect(panel.node.parents.map(\.name) == (panel.parent.map { [$0.name] } ?? []))
      }
    }
  }

  @Test("the tab bar lists every scene and the status line shows the focused panel's path")
  func chrome() {
    let app = AppTest.app(scene: "router")
    let grid = app.render()
    #expect(grid.row(0).contains("1 Event chain"))
    #expect(grid.row(0).contains("2 Router"))
    #expect(grid.row(23).hasPrefix(" app > controller > table > cell0  |  enter open"))
  }
}
