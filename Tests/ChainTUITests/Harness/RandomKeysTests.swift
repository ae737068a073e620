import ChainKitTestSupport
import Testing

@testable import ChainTUI

/// Seeded random input against the real explorer: thousands of keys per scene, clicks anywhere,
/// resizes down to 1x1 and clock ticks.
///
/// The app must never trap, and every frame must be a consistent grid of exactly the app's size
/// (checked after every resize and every 8th input; keys still reach the app through the frames in
/// between, as hit maps come from the last one).
@Suite("Random keys")
@MainActor
struct RandomKeysTests {
  /// Every key a script can press, except those that quit (tested on their own).
  static let keys: [Key] =
    [
      .enter, .tab, .shiftTab, .escape, .backspace, .delete, .up, .down, .left, .right, .home,
      .end, .pageUp, .pageDown, .character(" "), .character("?"), .character("/"),
      .character("世"), .character("é"),
    ] + (1...12).map(Key.f) + "abcdefghijklmnoprstuvwxyz0123456789".map(Key.character)
    + "abdefghijklmnopqrstuvwxyz".map(Key.ctrl)

  /// One random input: mostly keys, sometimes a click, a resize or a tick.
  enum Input {
    case key(Key)
    case resize(Size)
    case tick(Duration)
  }

  static func input(using generator: inout SplitMix64) -> Input {
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<4:
      return .resize(
        Size(
          width: Int.random(in: 1...140, using: &generator),
          height: Int.random(in: 1...45, using: &generator)))
    case 4..<7:
      return .tick(.milliseconds(Int.random(in: 0...3000, using: &generator)))
    case 7..<12:
      return .key(
        .mouseClick(
          x: Int.random(in: -2...150, using: &generator),
          y: Int.random(in: -2...50, using: &generator)))
    default:
      return .key(keys.randomElement(using: &generator) ?? .tab)
    }
  }

  @Test(
    "seeded random keys, clicks, ticks and resizes never break a frame", arguments: SceneCatalog.ids
  )
  func randomInput(scene: String) throws {
    let app = try ExplorerScriptTarget.make(size: Size(width: 80, height: 24), scene: scene)
    var generator = SplitMix64(seed: UInt64(SceneCatalog.ids.firstIndex(of: scene) ?? 0) + 42)
    var problems: [String] = []
    for step in 0..<2500 where problems.isEmpty {
      let input = Self.input(using: &generator)
      switch input {
      case .key(let key): app.press(key)
      case .resize(let size): app.resize(to: size)
      case .tick(let duration): app.advance(by: duration)
      }
      // Rendering is the slow part in a debug build: check every 8th frame and every resize.
      if case .resize = input {} else if step % 8 != 0 { continue }
      let frame = app.render()
      if frame.size != app.size {
        problems.append("step \(step) (\(input)): a \(frame.size) frame for a \(app.size) app")
      }
      problems += frame.invariantViolations.map { "step \(step) (\(input)): \($0)" }
      if app.isFinished { problems.append("step \(step) (\(input)): the app quit") }
    }
    #expect(problems.isEmpty, "\(problems.prefix(5))")
  }

  @Test("q and Ctrl-C each finish the app", arguments: [Key.character("q"), .ctrl("c")])
  func quitting(key: Key) throws {
    let app = try ExplorerScriptTarget.make(size: Size(width: 80, height: 24), scene: nil)
    app.press(key)
    #expect(app.isFinished)
  }
}
