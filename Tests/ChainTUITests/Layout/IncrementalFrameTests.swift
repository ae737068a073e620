import Testing

@testable import ChainTUI

/// Issue 34, item 5: a frame drawn over the last one (only the pieces that changed) is the
/// frame drawn afresh, cell for cell, whatever the keys between them.
@Suite("Frames drawn over the last one")
@MainActor
struct IncrementalFrameTests {
  /// A pseudo-random sequence, the same on every run.
  struct Steps: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
  }

  /// Keys that change what panels show: their own keys, focus, scrolling, zoom, the
  /// inspector, replay, timestamps, help and the palette, search, and mouse clicks and wheels.
  static let keys: [Key] = [
    .character("l"), .character("s"), .character("c"), .enter, .character("a"), .character("d"),
    .character("x"), .character("m"), .character("u"), .character("e"), .character("r"),
    .tab, .shiftTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
    .character("z"), .character("i"), .character("I"), .character("n"), .character("t"),
    .character("w"), .character("/"), .character("."), .character("?"), .character(":"),
    .escape, .character("1"), .character("5"), .mouseClick(x: 10, y: 5),
    .mouseClick(x: 40, y: 12), .mouseWheel(up: true, x: 20, y: 10),
    .mouseWheel(up: false, x: 70, y: 15),
  ]

  @Test(
    "every frame after random keys is the frame drawn afresh",
    arguments: ["domino", "router", "model", "bus", "bindings", "playground"])
  func framesMatchFreshOnes(scene: String) {
    for size in [Size(width: 100, height: 40), Size(width: 80, height: 24)] {
      let app = AppTest.app(scene: scene, size: size)
      var steps = Steps(state: UInt64(size.width) &* 31 &+ UInt64(scene.utf8.count))
      _ = app.render()
      for step in 0..<300 {
        let key = Self.keys[Int(steps.next() % UInt64(Self.keys.count))]
        app.press(key)
        if step % 7 == 0 { app.advance(by: .milliseconds(700)) }
        let drawn = app.render()
        let fresh = app.renderedAfresh()
        guard drawn == fresh else {
          let message =
            "\(scene) \(size.width)x\(size.height), key \(step) \(KeyName.format(key)):\n"
            + "drawn over the last frame:\n\(drawn.text)\n\ndrawn afresh:\n\(fresh.text)"
          Issue.record(Comment(rawValue: message))
          return
        }
        if app.isFinished { break }
      }
    }
  }

  @Test("a like on the model tree draws the logs and bodies it changed, not every panel")
  func oneKeyDrawsLittle() throws {
    let app = AppTest.app(scene: "model", size: Size(width: 100, height: 40))
    #expect(app.focus(panelNamed: "actions1"))
    // Enough keys that the containers' logs are past the rows the layout gives them: from then
    // on a like moves nothing on screen.
    for index in 0..<40 { app.press(.character(index % 2 == 0 ? "l" : "s")) }
    _ = app.render()
    let all = try #require(app.caches.frame?.damage.signatures.count)
    app.press(.character("l"))
    _ = app.render()
    let drawn = try #require(app.caches.frame?.damage.drawn)
    #expect(drawn > 0 && drawn < all / 2, "\(drawn) of \(all) pieces drawn")
  }

  @Test("a body set again to the lines it shows is not drawn again; new lines are")
  func sameBodyKept() {
    let panel = Panel("note", title: "note")
    panel.body = ["one", StyledLine("two", style: Style(bold: true))]
    let shown = panel.drawVersions.body
    panel.body = ["one", StyledLine("two", style: Style(bold: true))]
    #expect(panel.drawVersions.body == shown, "the same lines marked the body to draw again")
    panel.body = ["one", "two"]
    #expect(panel.drawVersions.body != shown, "a new style left the body as drawn")
    let restyled = panel.drawVersions.body
    panel.body = ["one", "two", "three"]
    #expect(panel.drawVersions.body != restyled, "a new line left the body as drawn")
  }
}
