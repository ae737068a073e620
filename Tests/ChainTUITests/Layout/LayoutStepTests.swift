import Testing

@testable import ChainTUI

/// The layout is a step of its own: made once per change of the state that decides where things
/// go, read by drawing, hit-testing and the arrow keys, and never learnt by drawing a frame.
@MainActor
@Suite("Layout step")
struct LayoutStepTests {
  @Test("keys that move nothing on screen (log scrolling, timestamps) make no new layout")
  func keysThatMoveNothingKeepTheLayout() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    for _ in 0..<3 { app.press(.character("s")) }
    _ = app.render()
    let made = app.caches.layoutsMade
    for key: Key in [.pageUp, .pageDown, .home, .end, .character("t"), .character("t")] {
      app.press(key)
      _ = app.render()
      _ = app.currentHits()
      #expect(app.caches.layoutsMade == made, "after \(key)")
    }
    #expect(LayoutRule.violations(app) == [])
  }

  @Test("liking and sharing in the model scene beside the inspector, logs grown, lays out nothing")
  func busyKeysKeepTheLayout() {
    let app = AppTest.app(scene: "model", size: Size(width: 200, height: 60))
    #expect(app.focus(panelNamed: "actions1"))
    app.press(.character("i"))
    let keys: [Key] = [.character("l"), .character("s")]
    // Enough keys that every log the layout sizes by its length is past where it stops growing.
    for index in 0..<100 {
      app.press(keys[index % 2])
      _ = app.render()
    }
    let made = app.caches.layoutsMade
    for index in 0..<20 {
      app.press(keys[index % 2])
      _ = app.render()
      #expect(app.caches.layoutsMade == made, "after key \(index)")
    }
    #expect(LayoutRule.violations(app) == [])
  }

  @Test("a resize, a focus move and a zoom each make exactly one new layout, however often read")
  func geometricChangesLayOutOnce() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    _ = app.render()
    var made = app.caches.layoutsMade
    for key: Key in [.tab, .resize(width: 120, height: 34), .character("z"), .escape] {
      app.press(key)
      _ = app.render()
      _ = app.currentHits()
      _ = app.render()
      #expect(app.caches.layoutsMade == made + 1, "after \(key)")
      #expect(LayoutRule.staleness(app) == [], "after \(key)")
      made = app.caches.layoutsMade
    }
  }

  @Test("a panel added while running makes a new layout, which places it")
  func treeChangeLaysOutAgain() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    _ = app.render()
    let made = app.caches.layoutsMade
    app.scene.root.add(Panel("late"))
    #expect(app.currentHits().rect(of: "late") != nil)
    #expect(app.caches.layoutsMade == made + 1)
  }

  @Test("a click after a resize hits where the panel is now, with no frame drawn at all")
  func hitTestingNeedsNoRender() throws {
    let size = Size(width: 120, height: 30)
    let reference = AppTest.app(scene: "router", size: size)
    let grid = reference.render()
    let row = try #require((0..<grid.height).first { grid.row($0).contains("Cy: see the trace") })
    let column = grid.row(row).distance(of: "Cy:")
    let app = AppTest.app(scene: "router")
    app.press(.resize(width: size.width, height: size.height))
    app.press(.mouseClick(x: column, y: row))
    #expect(app.focusedPanel?.name == "cell2")
    // Nothing was drawn: the bars' cache is still empty.
    #expect(app.caches.chrome.status == nil && app.caches.chrome.tabs == nil)
  }
}
