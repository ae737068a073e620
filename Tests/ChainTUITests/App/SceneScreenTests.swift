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
    AppTest.recordScreen(text, scene: scene)
  }

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
