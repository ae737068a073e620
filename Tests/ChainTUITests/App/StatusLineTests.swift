import Testing

@testable import ChainTUI

@Suite("The status line keeps the layout rule")
@MainActor
struct StatusLineTests {
  @Test("at 80x24 the Event chain's detail shows whole hints and … for the rest, not g pageSiz")
  func dominoDetailAt80x24() throws {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "detail"))
    let row = app.render().row(23)
    #expect(row.hasPrefix(" root > container > detail  |  l load  e stats  r channelID?  …"))
    #expect(!row.contains("pageSiz "))
    #expect(row.hasSuffix("? help"))
    #expect(LayoutRule.statusLine(app, app.render()) == [])
  }

  @Test("the path says the panels' titles up to their remarks, as the borders show them")
  func pathInTitlesWords() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 30))
    #expect(app.focus(panelNamed: "actions1"))
    let row = app.render().row(29)
    #expect(row.hasPrefix(" feed > post 1 by @ann > actions  |  "), "\(row)")
    #expect(!row.contains("feedList"))
  }

  @Test(
    "in every scene the path names each panel by its title's head, never by a name the borders do not show",
    arguments: SceneCatalog.ids)
  func everyScenePathInTitlesWords(scene: String) {
    let app = AppTest.app(scene: scene, size: Size(width: 240, height: 40))
    for panel in app.scene.allPanels where app.focus(panelNamed: panel.name) {
      let row = app.render().row(39)
      let path = panel.titlePath.joined(separator: " > ")
      #expect(
        row.hasPrefix(" " + path + "  |") || row.hasPrefix(" " + path + " "), "\(scene): \(row)")
    }
  }

  @Test(
    "on every panel of every scene, from 60 to 120 columns, the status line is whole or cut with …",
    arguments: SceneCatalog.ids)
  func everyPanelEveryWidth(scene: String) {
    let app = AppTest.app(scene: scene)
    for width in stride(from: 60, through: 120, by: 3) {
      app.resize(to: Size(width: width, height: 24))
      for panel in app.scene.allPanels where app.focus(panelNamed: panel.name) {
        let problems = LayoutRule.statusLine(app, app.render())
        #expect(problems == [], "\(scene) \(panel.name) at \(width)x24")
      }
    }
  }

  @Test("at 60x18 a replay step too long for the line is cut with …, its keys and panel stay")
  func replayStepAt60x18() {
    let app = AppTest.app(scene: "domino", size: Size(width: 60, height: 18))
    app.press(.character("l"))
    app.press(.character("n"))
    let row = app.render().row(17)
    #expect(row.hasPrefix(" … > feed  |  step 1/"), "\(row)")
    #expect(row.contains("…"))
    #expect(row.hasSuffix("n next  esc end"), "\(row)")
  }

  @Test("a lead (a flash, a replay step) stays whole before hints; then the path loses its start")
  func fittingWithALead() {
    let path = ["root", "container", "feed"]
    let hints = ["l load", "e stats"]
    #expect(
      StatusText.fitted(path: path, lead: nil, hints: hints, width: 80)
        == " root > container > feed  |  l load  e stats")
    #expect(
      StatusText.fitted(path: path, lead: "x: no action here", hints: hints, width: 80)
        == " root > container > feed  |  x: no action here  l load  e stats")
    #expect(
      StatusText.fitted(path: path, lead: "x: no action here", hints: hints, width: 50)
        == " root > container > feed  |  x: no action here  …")
    #expect(
      StatusText.fitted(path: path, lead: "x: no action here", hints: hints, width: 40)
        == " … > feed  |  x: no action here  …")
    #expect(
      StatusText.fitted(path: path, lead: "x: no action here", hints: hints, width: 24)
        == " … > feed  |  x: no act…")
  }

  @Test("fitting keeps whole hints in order, then …; a path too long is itself cut with …")
  func fitting() {
    let hints = ["l load", "e stats", "r channelID?", "g pageSize?"]
    #expect(
      StatusText.fitted(path: "a > b", hints: hints, width: 80)
        == " a > b  |  l load  e stats  r channelID?  g pageSize?")
    #expect(
      StatusText.fitted(path: "a > b", hints: hints, width: 30) == " a > b  |  l load  e stats  …")
    #expect(StatusText.fitted(path: "a > b", hints: hints, width: 14) == " a > b  |  …")
    #expect(StatusText.fitted(path: "a > b > c", hints: hints, width: 8) == " a > b …")
    #expect(StatusText.fitted(path: "a > b > c", hints: [], width: 8) == " a > b …")
    #expect(StatusText.fitted(path: "a", hints: hints, width: 0) == "")
  }
}
