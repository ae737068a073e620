import Testing

@testable import ChainTUI

/// Focus reaches every panel: arrows go into a panel nested in another and back out of it, and
/// Tab follows the tree in preorder, not the screen.
@Suite("Focus reaches every panel")
@MainActor
struct FocusReachTests {
  @Test("from statsManager, Up reaches detail, around it; Down and Right go nowhere")
  func arrowsLeaveANestedPanel() {
    // Down and Right lead into a panel, Up and Left out of it: an arrow pressed twice never
    // swaps two panels back and forth.
    let moves: [(Key, String)] = [
      (.up, "detail"), (.down, "statsManager"), (.right, "statsManager"),
    ]
    for (key, expected) in moves {
      let app = AppTest.app(scene: "domino")
      #expect(app.focus(panelNamed: "statsManager"))
      app.press(key)
      #expect(app.focusedPanel?.name == expected, "\(key)")
    }
  }

  @Test("from detail, an arrow with nothing beside it goes into statsManager, nested inside")
  func arrowsEnterANestedPanel() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "detail"))
    app.press(.down)
    #expect(app.focusedPanel?.name == "statsManager")
    app.press(.left)
    #expect(app.focusedPanel?.name == "feed")
  }

  @Test("arrows alone reach every focus stop of every scene from its first one")
  func arrowsReachEveryStop() {
    for id in SceneCatalog.ids {
      let app = AppTest.app(scene: id)
      var seen: Set<String> = []
      var frontier = [app.focusedPanel?.name ?? ""]
      // Breadth-first over arrow moves; bounded by the stops found, so it ends.
      var tries = 0
      while let name = frontier.popLast(), tries < 500 {
        tries += 1
        guard seen.insert(name).inserted else { continue }
        for key: Key in [.up, .down, .left, .right] {
          #expect(app.focus(panelNamed: name))
          app.press(key)
          if let next = app.focusedPanel?.name, !seen.contains(next) { frontier.append(next) }
        }
      }
      let stops = Set(app.focusStops.map(\.name))
      #expect(seen == stops, "\(id): arrows never reach \(stops.subtracting(seen).sorted())")
    }
  }

  @Test("Tab follows the tree in preorder: detail, then statsManager inside it")
  func tabFollowsPreorder() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focusedPanel?.name == "feed")
    var order: [String] = []
    for _ in 0..<3 {
      app.press(.tab)
      order.append(app.focusedPanel?.name ?? "")
    }
    #expect(order == ["detail", "statsManager", "feed"])
  }

  @Test("Tab's order is the scene's tree order, not the order the boxes start on screen")
  func tabOrderIsTreeOrder() throws {
    // On screen b's box starts first (its parent has no body lines above it), then a, then c:
    // Tab still goes a, b, c.
    let scene = try TreeTestSupport.scene(
      """
      panel top axis=horizontal
        panel left axis=vertical
          text "one line"
          panel a
            key l "ping" post ping
        panel b
          key l "ping" post ping
        panel right axis=vertical
          text "two"
          text "lines"
          panel c
            key l "ping" post ping
      """)
    let app = App(
      size: Size(width: 80, height: 24), colors: false, builtInScenes: false, scenes: [scene])
    #expect(app.focusedPanel?.name == "a")
    var order: [String] = []
    for _ in 0..<3 {
      app.press(.tab)
      order.append(app.focusedPanel?.name ?? "")
    }
    #expect(order == ["b", "c", "a"])
  }
}
