import Testing

@testable import ChainTUI

/// Where focus starts, where Tab goes, and where focus lands when its panel leaves.
@Suite("Focus places")
@MainActor
struct FocusPlacesTests {
  @Test("the model tree starts focused on a panel with keys")
  func modelTreeStartsOnKeys() {
    let app = AppTest.app(scene: "model")
    #expect(app.focusedPanel?.keys.isEmpty == false)
    #expect(app.focusedPanel?.name == "actions1")
  }

  @Test("every built-in scene starts focused on a panel with keys")
  func everySceneStartsOnKeys() {
    for id in SceneCatalog.ids {
      let app = AppTest.app(scene: id)
      #expect(app.focusedPanel?.keys.isEmpty == false, "scene \(id) starts on a panel without keys")
    }
  }

  @Test("Tab stops where the arrows do, panels without keys too, in the tree's order")
  func tabFollowsTheTree() {
    let app = AppTest.app(scene: "model")
    #expect(app.focusedPanel?.name == "actions1")
    var seen: [String] = []
    for _ in 0..<4 {
      app.press(.tab)
      seen.append(app.focusedPanel?.name ?? "-")
    }
    #expect(seen == ["comments1", "header2", "photo2", "actions2"])
  }

  @Test("removing the focused subscriber moves focus to its neighbour, not off the subscribers")
  func removalKeepsFocusAmongSiblings() {
    let app = AppTest.app(scene: "bus")
    #expect(app.focus(panelNamed: "producer"))
    for _ in 0..<3 { app.press(.character("a")) }
    #expect(app.focus(panelNamed: "sub3"))
    app.press(.character("d"))
    #expect(app.focusedPanel?.name == "sub4")
    app.press(.character("d"))
    #expect(app.focusedPanel?.name == "sub5")
    app.press(.character("d"))
    #expect(app.focusedPanel?.name == "sub2")
  }

  @Test(
    "the bus scene stays usable with 50 subscribers: a page of readable boxes, [ ] to page",
    arguments: [Size(width: 80, height: 24), Size(width: 160, height: 50)])
  func fiftySubscribers(size: Size) {
    let app = AppTest.app(scene: "bus", size: size)
    #expect(app.focus(panelNamed: "producer"))
    for _ in 0..<48 { app.press(.character("a")) }
    let screen = AppTest.screen(app)
    #expect(screen.contains("subscribers: 50"))
    #expect(screen.contains("46-50 of 50"))
    for number in 46...50 {
      #expect(app.currentHits().rect(of: "sub\(number)").map { $0.width >= 8 } == true)
    }
    #expect(app.focus(panelNamed: "sub48"))
    app.press(.character("["))
    #expect(AppTest.screen(app).contains("41-45 of 50"))
    #expect(app.focusedPanel?.name.hasPrefix("sub") == true)
    #expect(app.focus(panelNamed: "sub43"))
    app.press(.character("d"))
    #expect(AppTest.screen(app).contains("subscribers: 49"))
    #expect(app.focusedPanel?.name == "sub44")
  }
}
