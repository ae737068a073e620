import Testing

@testable import ChainTUI

@Suite("Why a listener ran or not")
@MainActor
struct WhyTests {
  @Test("above a stop: not reached, naming where and by which listener it stopped")
  func aboveAStopIsNotReached() {
    let app = AppTest.app(scene: "playground")
    #expect(app.focus(panelNamed: "widget"))
    app.press(.character("s"))
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.enter)
    #expect(
      app.why(ofPanel: "left") == [
        "passed on the way down with no capture listener; the bubble phase did not reach here: stopped earlier at widget (bubble) by bubble listener #2"
      ])
    #expect(
      app.why(ofPanel: "widget") == [
        "reached (bubble); 2 listeners for ping", "#1 bubble: ran",
        "#2 bubble: ran and stopped propagation",
      ])
  }

  @Test("off the path: a panel in another branch is below a node on the path")
  func otherBranchIsBelowThePath() {
    let app = AppTest.app(scene: "playground")
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.enter)
    #expect(
      app.why(ofPanel: "other") == [
        "not on the path (btnA > widget > left > root): other is below root; events go up from btnA, never down"
      ])
  }

  @Test("off the path: an unmounted subtree names the missing parent link")
  func unmountedSubtreeNamesTheMissingLink() {
    let app = AppTest.app(scene: "playground")
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.character("u"))
    app.press(.enter)
    #expect(
      app.why(ofPanel: "left") == [
        "not on the path (btnA > widget): it ends at widget, which has no parent link, so nothing leads up to left"
      ])
  }

  @Test("requests: a responder that declined, and one never asked because a nearer one answered")
  func requestsSayWhoAnswered() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "feed"))
    app.press(.character("r"))
    #expect(
      app.why(ofPanel: "container")?.last == "#1 responder: declined the request (returned nil)")
    #expect(app.why(ofPanel: "root")?.last == "#1 responder: answered")
    app.press(.character("g"))
    #expect(app.why(ofPanel: "root") == ["not reached: answered earlier at container by #1"])
  }

  @Test("a panel reached without a listener for the key says so")
  func noListenerForTheKey() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "feed"))
    app.press(.character("e"))
    #expect(
      app.why(ofPanel: "feed") == [
        "reached (target); no listener for ContentEvents.statistics(_:) in that phase here"
      ])
  }

  @Test("w in the inspector shows the focused panel's why in the details, then the next panel's")
  func whyKeyShowsTheExplanation() {
    let app = AppTest.app(scene: "playground", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.enter)
    app.press(.character("i"))
    app.press(.character("w"))
    #expect(app.inspector.whyPanel == "btnA")
    #expect(AppTest.screen(app).contains("why btnA for #"))
    app.press(.character("w"))
    #expect(app.inspector.whyPanel != "btnA")
  }

  @Test("w goes through every panel, the dispatch's path first, and wraps to the first")
  func whyCyclesEveryPanelPathFirst() throws {
    let app = AppTest.app(scene: "domino", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "feed"))
    app.press(.character("r"))
    app.press(.character("i"))
    let path = try #require(app.detailedDispatch?.path)
    let all = app.scene.allPanels.map(\.name)
    var seen: [String] = []
    for _ in all {
      app.press(.character("w"))
      seen.append(try #require(app.inspector.whyPanel))
    }
    #expect(Array(seen.prefix(path.count)) == path)
    #expect(Set(seen) == Set(all))
    #expect(seen.contains("root") && seen.contains("container"))
    app.press(.character("w"))
    #expect(app.inspector.whyPanel == path.first)
    // esc turns "why" off before it closes the inspector.
    app.press(.escape)
    #expect(app.inspector.whyPanel == nil)
    #expect(app.inspector.isVisible)
  }

  @Test("why text wraps at spaces in the details instead of being cut mid-word")
  func whyTextWraps() throws {
    let app = AppTest.app(scene: "playground", size: Size(width: 120, height: 50))
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.enter)
    app.press(.character("i"))
    let order = app.whyPanelOrder
    let other = try #require(order.firstIndex(of: "other"))
    for _ in 0...other { app.press(.character("w")) }
    #expect(app.inspector.whyPanel == "other")
    let screen = AppTest.screen(app)
    // The explanation is longer than the details are wide: every word of it is on screen.
    let words = try #require(app.why(ofPanel: "other")?.first).split(separator: " ")
    let shown = screen.split { $0.isWhitespace || $0 == "│" }.map(String.init)
    for word in words { #expect(shown.contains(String(word)), "\(word) is cut") }
  }

  @Test("a pattern names an earlier dispatch to explain instead of the newest")
  func patternNamesAnEarlierDispatch() {
    let app = AppTest.app(scene: "domino")
    #expect(app.focus(panelNamed: "feed"))
    app.press(.character("r"))
    app.press(.character("g"))
    var channelID = EventPattern()
    channelID.key = "ContentEvents.channelID()"
    #expect(
      app.why(ofPanel: "container", dispatch: channelID)?.last
        == "#1 responder: declined the request (returned nil)")
    #expect(app.why(ofPanel: "container")?.last?.contains("declined") == false)
    var missing = EventPattern()
    missing.key = "noSuchKey"
    #expect(app.why(ofPanel: "container", dispatch: missing) == nil)
  }
}
