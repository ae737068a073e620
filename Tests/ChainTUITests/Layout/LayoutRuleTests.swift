import ChainKitTestSupport
import Testing

@testable import ChainTUI

/// The layout rule holds on every frame: of random tree files at random sizes under random
/// keys, and of the repros that broke it (logs growing until a panel vanished).
@Suite("Layout rule")
@MainActor
struct LayoutRuleTests {
  /// Keys that move focus, press the trees' keys, scroll logs and zoom.
  static let keys: [Key] = [
    .tab, .shiftTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
    .character("l"), .character("l"), .character("e"), .character("e"), .character("l"),
    .character("z"), .escape,
  ]

  @Test("random trees at random sizes from 60x18 to 240x80 keep the rule on every frame")
  func randomTrees() throws {
    var generator = SplitMix64(seed: 2_024)
    var problems: [String] = []
    var collapsedFrames = 0
    for tree in 0..<25 where problems.isEmpty {
      let file = RandomTreeFile(using: &generator)
      let scene = try TreeTestSupport.scene(file.text)
      let app = App(
        size: Self.size(using: &generator), colors: false, builtInScenes: false,
        scenes: [scene])
      for step in 0..<40 where problems.isEmpty {
        let key: Key =
          Int.random(in: 0..<10, using: &generator) == 0
          ? .resize(
            width: Int.random(in: 60...240, using: &generator),
            height: Int.random(in: 18...80, using: &generator))
          : Self.keys.randomElement(using: &generator) ?? .tab
        app.press(key)
        let found = LayoutRule.violations(app)
        if app.currentHits().panels.contains(where: \.isCollapsed) { collapsedFrames += 1 }
        if !found.isEmpty {
          problems.append(
            "tree \(tree) step \(step) (\(key)) at \(app.size): \(found.prefix(3))\n"
              + "\(app.render().text)\n\(file.text)")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.first ?? "")")
    // The trees are big enough for the sizes that some frames must collapse panels.
    #expect(collapsedFrames > 0)
  }

  static func size(using generator: inout SplitMix64) -> Size {
    Size(
      width: Int.random(in: 60...240, using: &generator),
      height: Int.random(in: 18...80, using: &generator))
  }

  @Test("Model tree at 80x24: liking four times keeps comments and the focused actions open")
  func modelTreeLikes() {
    let app = AppTest.app(scene: "model")
    #expect(app.focus(panelNamed: "actions1"))
    for _ in 0..<4 {
      app.press(.character("l"))
      #expect(LayoutRule.violations(app) == [])
    }
    let place = app.currentHits().panels.first { $0.name == "actions1" }
    #expect(place?.isCollapsed == false)
    #expect(app.currentHits().panels.contains { $0.name == "comments1" })
  }

  @Test("Event chain at 80x24: twenty loads leave detail a log row with its +N marker")
  func dominoLoads() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "detail"))
    for _ in 0..<20 {
      app.press(.character("l"))
      #expect(LayoutRule.violations(app) == [])
    }
  }

  @Test("settings.tree at 100x30: saving and switching sections keep the rule")
  func settingsTree() throws {
    let text = try String(
      contentsOf: TreeTestSupport.examples.appendingPathComponent("settings.tree"), encoding: .utf8)
    let scene = try TreeTestSupport.scene(text)
    let app = App(
      size: Size(width: 100, height: 30), colors: false, builtInScenes: false, scenes: [scene])
    for key: Key in [.enter, .tab, .enter, .tab, .enter] + Array(repeating: .tab, count: 2)
      + Array(repeating: .character("s"), count: 8)
    {
      app.press(key)
      #expect(LayoutRule.violations(app) == [], "after \(key)")
    }
  }

  @Test("+N above takes the end of the log's top row and cuts that line with …, never over it")
  func markerCutsTheLine() {
    let panel = Panel("leaf")
    for index in 1...10 { panel.note("line \(index) reached the leaf") }
    var grid = Grid(size: Size(width: 30, height: 5))
    var builder = PanelLayoutBuilder(focused: nil)
    builder.place(SinglePanelScene(root: panel), in: grid.bounds)
    var renderer = PanelRenderer(theme: Theme(colors: false))
    renderer.draw(builder.layout, into: &grid)
    #expect(grid.row(1) == "│line 8 reached the… +7 above│")
    #expect(grid.row(2) == "│line 9 reached the leaf     │")
    #expect(grid.row(3) == "│line 10 reached the leaf    │")
  }
}

/// A scene of one panel, for drawing a panel alone.
@MainActor
final class SinglePanelScene: Scene {
  let id = "single"
  let title = "Single"
  let root: Panel
  init(root: Panel) { self.root = root }
}
