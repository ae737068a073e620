import Testing

@testable import ChainTUI

/// Issue 24, item 5: each scene keeps its own inspector selection, and a fresh one follows the
/// newest record.
@Suite("The inspector per scene")
@MainActor
struct InspectorPerSceneTests {
  @Test("a selection stays with its scene; another scene's opens on its newest; a switch closes it")
  func selectionStaysWithItsScene() throws {
    let app = AppTest.app(scene: "model", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "actions1"))
    for _ in 0..<3 { app.press(.character("l")) }
    app.press(.character("i"))
    app.press(.home)
    let chosen = try #require(app.inspector.selectedID)
    app.press(.character("w"))
    app.select(sceneAt: 0)
    #expect(!app.inspector.isVisible)
    app.press(.character("i"))
    #expect(app.inspector.selectedID == nil)
    #expect(app.inspector.whyPanel == nil)
    app.select(sceneID: "model")
    #expect(app.inspector.selectedID == chosen)
    #expect(app.inspector.whyPanel == nil)
  }

  @Test("a fresh inspector shows the newest record selected")
  func freshInspectorIsOnTheNewest() throws {
    let app = AppTest.app(scene: "model", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "actions1"))
    for _ in 0..<3 { app.press(.character("l")) }
    app.press(.character("i"))
    let newest = try #require(app.inspectorEntries.last?.item)
    let label = app.tracers[app.sceneIndex].rowText.label(ofID: try #require(newest.dispatch?.id))
    #expect(AppTest.screen(app).contains("─ \(label) event"))
  }
}
