import Testing

@testable import ChainTUI

@Suite("The last dispatch's path, lit up and replayed")
@MainActor
struct FlowTests {
  /// The top border of the panel with this title, from its title to its corner.
  private func border(_ title: String, in app: App) -> String? {
    for row in AppTest.screen(app).split(separator: "\n").map(String.init) {
      guard let start = row.range(of: "─ \(title) ") else { continue }
      let rest = row[start.lowerBound...]
      return String(rest.prefix { $0 != "┐" })
    }
    return nil
  }

  @Test("each panel the last dispatch reached is marked with its phase and what happened there")
  func reachedPanelsAreMarked() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    app.press(.enter)
    #expect(border("cell0", in: app)?.contains("[tgt passed]") == true)
    #expect(border("table (decorates params)", in: app)?.contains("[bub decorated]") == true)
    #expect(border("controller (handler table)", in: app)?.contains("[bub handled]") == true)
    #expect(border("cell1", in: app)?.contains("[") == false)
  }

  @Test("a stop and a throw are marked where they happened")
  func stopAndThrowAreMarked() {
    let app = AppTest.app(scene: "playground", size: Size(width: 100, height: 30))
    #expect(app.focus(panelNamed: "widget"))
    app.press(.character("s"))
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.enter)
    #expect(border("widget", in: app)?.contains("[bub stopped]") == true)
    // Above the stop the event only went down: left shows its capture pass, no bubble.
    #expect(border("left", in: app)?.contains("[cap passed]") == true)
    app.press(.character("x"))
    #expect(border("root", in: app)?.contains("[bub threw]") == true)
  }

  @Test("n replays the dispatch hop by hop, then shows the whole path again")
  func stepReplaysHopByHop() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    app.press(.enter)
    app.press(.character("n"))
    var screen = AppTest.screen(app)
    #expect(screen.contains("step 1/4 of cellTapped: cell0 tgt passed"))
    #expect(border("cell0", in: app)?.contains("[▶ tgt passed]") == true)
    #expect(border("table (decorates params)", in: app)?.contains("[") == false)
    app.press(.character("n"))
    #expect(border("table (decorates params)", in: app)?.contains("[▶ bub decorated]") == true)
    #expect(border("controller (handler table)", in: app)?.contains("[") == false)
    app.press(.character("n"))
    app.press(.character("n"))
    screen = AppTest.screen(app)
    #expect(screen.contains("step 4/4 of cellTapped: app bub passed"))
    app.press(.character("n"))
    screen = AppTest.screen(app)
    #expect(!screen.contains("step "))
    #expect(border("controller (handler table)", in: app)?.contains("[bub handled]") == true)
  }

  @Test("the marks are drawn reversed and coloured, so golden screens keep them")
  func marksHaveStyle() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    app.press(.enter)
    let grid = app.render()
    let row = (0..<grid.height).first { grid.row($0).contains("[bub decorated]") }
    #expect(row != nil)
    if let row {
      let x = DisplayWidth.of(String(grid.row(row).prefix { $0 != "[" }))
      #expect(grid.cell(at: Point(x: x, y: row))?.style.reverse == true)
    }
  }
}
