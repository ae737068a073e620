import Testing

@testable import ChainTUI

@Suite("Scenes at 80x24")
@MainActor
struct SceneScreenTests {
  @Test("every scene renders at 80x24 and shows each of its panels' titles", arguments: SceneCatalog.ids)
  func everySceneShowsItsPanels(scene: String) {
    let app = AppTest.app(scene: scene)
    let text = AppTest.screen(app)
    for panel in app.scene.allPanels {
      #expect(text.contains(String(panel.title.prefix(10))), "\(scene): \(panel.title)")
    }
    print(text)
  }
}
