import Testing

@testable import ChainTUI

@Suite("Inspector")
@MainActor
struct InspectorTests {
  @Test("i toggles the inspector, which lists the scene's dispatches with path and hops")
  func toggles() {
    let app = AppTest.app(scene: "router")
    app.press(.enter)
    app.press(.character("i"))
    // Beside the panels at 80 columns its rows are cut; on the whole screen they are whole.
    app.press(App.inspectorScreenKey)
    let text = AppTest.screen(app)
    #expect(text.contains("Inspector: 1 record"))
    #expect(text.contains("cellTapped cell0>table>controller>app"))
    #expect(text.contains("table:bub decorated [list: inbox, row: 0, section: 0]"))
    app.press(.character("i"))
    #expect(!AppTest.screen(app).contains("Inspector"))
  }

  @Test("beside the scene at 120x30, a list row too long for the inspector ends with …")
  func cutRowsEndWithEllipsis() {
    let app = AppTest.app(scene: "domino", size: Size(width: 120, height: 30))
    app.press(.character("l"))
    app.press(.character("i"))
    let grid = app.render()
    var texts: [String] = []
    for row in app.currentHits().inspectorRows {
      let text = LayoutRule.text(
        grid, Point(x: row.columns.lowerBound, y: row.row), row.columns.count)
      texts.append(text)
      // A row that runs to the list's edge was cut: it says so.
      if text.last != " " { #expect(text.hasSuffix("…"), "cut without …: \(text)") }
    }
    #expect(texts.contains { $0.hasPrefix("• #1 ContentEvents.contentDidLoad(_:) feed>") })
    #expect(texts.contains { $0.hasPrefix("  └ #2 ContainerEvents.contentSeen(_:) ") })
    #expect(texts.filter { $0.hasSuffix("…") }.count == 2)
    #expect(LayoutRule.violations(app) == [])
  }

  @Test("a dispatch posted from a listener is listed under its parent, indented")
  func nestedIsIndented() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("l"))
    app.press(.character("i"))
    app.press(App.inspectorScreenKey)
    let rows = AppTest.screen(app).split(separator: "\n").map(String.init)
    let parent = rows.firstIndex {
      $0.contains("• #") && $0.contains("ContentEvents.contentDidLoad(_:)")
    }
    let child = rows.firstIndex {
      $0.contains("  └ #") && $0.contains("ContainerEvents.contentSeen(_:) container>root")
    }
    #expect(parent != nil && child != nil)
    if let parent, let child { #expect(parent < child) }
    #expect(
      app.dispatches.map(\.key) == [
        "ContentEvents.contentDidLoad(_:)", "ContainerEvents.contentSeen(_:)",
      ])
    #expect(app.dispatches[1].parent == app.dispatches[0].id)
  }

  @Test("typing a filter after / keeps only dispatches whose key or path matches")
  func filters() {
    let app = AppTest.app(scene: "router")
    app.press(.enter)
    app.press(.character("l"))
    app.press(.character("i"))
    for key: Key in [.character("/"), .character("l"), .character("i"), .character("k"), .enter] {
      app.press(key)
    }
    let text = AppTest.screen(app)
    #expect(text.contains("Inspector: 1 of 2 records"))
    #expect(text.contains("likeTapped"))
    #expect(!text.contains("#1 cellTapped"))
  }

  @Test("f cycles the scope; the requests scope hides events")
  func scopes() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("r"))
    app.press(.character("e"))
    app.press(.character("i"))
    app.press(.character("f"))
    app.press(.character("f"))
    app.press(.character("f"))
    #expect(app.inspector.scope == .requests)
    let text = AppTest.screen(app)
    #expect(text.contains("Inspector: 1 of 2 records"))
    #expect(text.contains("ContentEvents.channelID()"))
  }

  @Test("p pauses the list: new dispatches are counted, not shown, until resumed")
  func pauses() {
    let app = AppTest.app(scene: "router")
    app.press(.character("i"))
    app.press(.character("p"))
    app.press(.enter)
    // Beside the panels at 80 columns the title keeps its numbers and drops the words.
    #expect(AppTest.screen(app).contains("┌─ Inspector: 0, paused (1 new) ─"))
    app.press(.character("p"))
    #expect(AppTest.screen(app).contains("Inspector: 1 record"))
  }

  @Test("up selects an older dispatch and shows its details")
  func selects() {
    let app = AppTest.app(scene: "domino")
    app.press(.character("g"))
    app.press(.character("r"))
    app.press(.character("i"))
    app.press(.up)
    let text = AppTest.screen(app)
    #expect(text.contains("request ContentEvents.pageSize()"))
    #expect(text.contains("container bubble: answered"))
    #expect(text.contains("answered by container"))
  }
}
