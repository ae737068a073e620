import Testing

@testable import ChainTUI

/// What a frame keeps for the next one (the inspector's parts as drawn, the rows a log showed,
/// whether a panel takes digits) never outlives the change that makes it stale: each frame
/// drawn over the last one is the frame drawn afresh.
@Suite("What a frame keeps for the next")
@MainActor
struct FrameMemoTests {
  /// Presses keys, checking after each that the frame drawn over the last one is the frame
  /// drawn afresh.
  private func expectFramesHold(
    _ app: App, _ keys: [Key], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    _ = app.render()
    for (step, key) in keys.enumerated() {
      app.press(key)
      let drawn = app.render()
      let fresh = app.renderedAfresh()
      guard drawn == fresh else {
        Issue.record(
          Comment(
            rawValue: "key \(step) \(KeyName.format(key)):\ndrawn over the last frame:\n"
              + "\(drawn.text)\n\ndrawn afresh:\n\(fresh.text)"),
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  @Test("the inspector's title, filter line, list and details follow what changed")
  func inspectorParts() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    let likes = Array(repeating: [Key.character("l"), .character("s")], count: 4).joined()
    // Records arrive (the title's count, the list, the details), the selection moves (the
    // details), the list is paused (the title), the filter is typed into and cleared (the
    // filter line and the list), and "why" replaces the hops.
    let keys: [Key] =
      [.character("i")] + likes + [.up, .up, .character("p"), .character("l"), .character("p")]
      + [.character("/"), .character("s"), .character("h"), .enter, .escape]
      + [.character("w"), .character("l"), .character("w"), .down, .end] + likes
    expectFramesHold(app, keys)
  }

  @Test("the inspector's list moves its rows up as records arrive, and draws the ones that changed")
  func inspectorListRowsMove() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    let likes = Array(repeating: [Key.character("l"), .character("s")], count: 12).joined()
    // Records arrive past the list's height (its rows move up, the newest is selected and the
    // one before is not); the selection goes up past the top (the list moves down) and back;
    // a paused list takes keys (nothing moves); a scope narrows it (rows come and go); a
    // comment adds a record of another kind; the list is widened and narrowed.
    var keys: [Key] = [.character("i")] + likes
    keys += Array(repeating: Key.up, count: 14) + [.down, .down, .end]
    keys += [.character("p")] + likes.prefix(4) + [.character("p"), .character("l")]
    keys += [.character("f"), .character("l"), .character("f"), .character("s")]
    keys += [.character("c"), .character("l"), .character("I"), .character("s"), .character("I")]
    keys += [.resize(width: 90, height: 36), .character("l"), .resize(width: 100, height: 40)]
    keys += likes.prefix(6)
    expectFramesHold(app, keys)
  }

  @Test("the lit path's marks are its own dispatch's, when an earlier one's are reused")
  func flowMarksFollowTheSteps() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    // Likes, shares and comments walk different paths and come back to the same ones; another
    // panel's keys walk others; the inspector's selection lights an older dispatch.
    var keys = Array(repeating: [Key.character("l"), .character("s")], count: 3).flatMap { $0 }
    keys += [.character("c"), .character("l"), .tab, .character("l"), .character("s"), .tab]
    keys += [.character("i"), .up, .up, .end, .character("s"), .escape, .character("l")]
    for (step, key) in keys.enumerated() {
      app.press(key)
      guard let record = app.flowDispatch else {
        Issue.record("key \(step) \(KeyName.format(key)): no dispatch is lit")
        return
      }
      let text = { (marks: FlowMarks.Marks) in marks.mapValues { "\($0.text) (\($0.outcome))" } }
      let shown = app.flowMarks.map { text($0.marks) }
      let made = text(FlowPath(record).marks())
      #expect(shown == made, "key \(step) \(KeyName.format(key))")
    }
  }

  @Test("the details kept from the last frame are the same dispatch's, told the same way")
  func detailsFollowTheirSource() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    // The same dispatch stays selected while "why" explains one panel, then the next, then
    // closes; a key that adds no record leaves the selection; the selection moves and back.
    expectFramesHold(app, [.character("l"), .character("i"), .character("w")])
    #expect(app.render().text.contains("─ why "), "w did not show why a panel's listeners ran")
    var keys: [Key] = [.character("w"), .escape, .character("w"), .escape, .escape, .tab]
    keys += [.up, .down, .character("s"), .character("i"), .up, .character("w"), .down, .escape]
    expectFramesHold(app, keys)
  }

  @Test("a lit mark that stays is left in its border; one that changes is drawn again")
  func flowMarksStayOrChange() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    // A like and a share light the same marks on two boxes and another on the third; a replay
    // adds its pointer to one mark at a time (the same outcome, another text) and ends; the
    // inspector's selection lights an older dispatch; zoom and a resize place the boxes anew.
    var keys = Array(repeating: [Key.character("l"), .character("s")], count: 3).flatMap { $0 }
    keys += [.character("n"), .character("n"), .character("n"), .character("n"), .character("l")]
    keys += [.character("i"), .up, .up, .down, .escape, .character("s"), .character("z")]
    keys += [.character("l"), .escape, .resize(width: 90, height: 36), .character("s")]
    expectFramesHold(app, keys)
  }

  @Test("a log that moves on moves its rows up, and draws the ones that changed")
  func logRowsMove() {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    // Past the logs' 200 lines each key drops the oldest; the markers (+N above) change as
    // lines arrive; scrolling back and forth moves the view both ways; timestamps and a
    // resize draw every row anew.
    var keys = Array(repeating: [Key.character("l"), .character("s")], count: 110).flatMap { $0 }
    keys += [.tab, .pageUp, .character("l"), .pageDown, .home, .character("s"), .end]
    keys += [.character("t"), .character("l"), .character("t"), .character("s")]
    keys += [.resize(width: 90, height: 36), .character("l"), .resize(width: 100, height: 40)]
    keys += [.character("s"), .character("l")]
    expectFramesHold(app, keys)
  }

  @Test("a panel whose keys change to take digits is a text field from then on")
  func answersDigits() {
    let panel = Panel("field")
    panel.keys = [PanelKey(.character("l"), "like") {}]
    #expect(!panel.answersDigits)
    panel.keys = [PanelKey(anyOf: PanelKey.digits, shown: "0-9", "type") { _ in }]
    #expect(panel.answersDigits)
    panel.keys = []
    #expect(!panel.answersDigits)
  }
}
