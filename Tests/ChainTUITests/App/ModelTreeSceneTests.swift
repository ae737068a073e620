import Testing

@testable import ChainTUI

@Suite("Model tree scene")
@MainActor
struct ModelTreeSceneTests {
  @Test("the like button changes the photo leaf's text and colour through the post's data")
  func likeChangesPhoto() {
    let app = AppTest.app(scene: "model")
    #expect(app.focus(panelNamed: "actions1"))
    let before = app.render()
    #expect(before.text.contains("♡ like · 11"))
    app.press(.character("l"))
    let after = app.render()
    #expect(after.text.contains("♥ liked · 12"))
    let row = (0..<after.height).first { after.row($0).contains("♥ liked") } ?? 0
    let column = after.row(row).distance(of: "♥ liked")
    #expect(after.cell(at: Point(x: column, y: row))?.style.bold == true)
    #expect(app.log(ofPanel: "post1") == ["bub like from actions1: handled"])
    #expect(
      app.log(ofPanel: "photo1")?.contains { $0.contains("like") && $0.hasPrefix("bub") } == false)
  }

  @Test("a comment shows up in the comments leaf, which reads the shared list")
  func commentAppears() {
    let app = AppTest.app(scene: "model")
    #expect(app.focus(panelNamed: "actions2"))
    app.press(.character("c"))
    #expect(AppTest.screen(app).contains("you: nice #2"))
  }

  @Test("share is handled by the post and goes on up to the feed")
  func shareReachesFeed() {
    let app = AppTest.app(scene: "model")
    #expect(app.focus(panelNamed: "actions1"))
    app.press(.character("s"))
    #expect(app.log(ofPanel: "feedList") == ["bub share from actions1: handled"])
    #expect(AppTest.screen(app).contains("shares seen by the feed: 1"))
  }

  @Test("the shared comments are described as the array of their lines is")
  func commentsDescribedAsArray() {
    let samples: [[String]] = [
      [], ["bo: wow", "cy: where is this?"], ["say \"hi\"", "back\\slash", "tab\tnew\nline"],
      ["café ♥", "e\u{301}", "\u{7}bell", "emoji 👍"],
    ]
    for lines in samples {
      #expect(Comments(lines: lines).description == lines.description)
    }
  }
}
