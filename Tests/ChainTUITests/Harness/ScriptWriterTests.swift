import Testing

@testable import ChainTUI

@Suite("Script writer")
struct ScriptWriterTests {
  static let keys: [Key] =
    [
      .enter, .tab, .shiftTab, .escape, .backspace, .up, .pageDown, .character(" "),
      .character("#"), .character("\""), .character("\\"), .character("a"), .character("世"),
      .mouseClick(x: 3, y: 4), .resize(width: 70, height: 20),
    ] + (1...12).map(Key.f) + "az".map(Key.ctrl)

  @Test("every written key line parses back to the same input", arguments: keys)
  func roundTrip(key: Key) throws {
    let line = ScriptWriter.line(for: key)
    let script = try ScriptParser.parse(line, file: "r")
    let expected: ScriptAction =
      if case .resize(let width, let height) = key {
        .resize(Size(width: width, height: height))
      } else {
        .press([key])
      }
    #expect(script.steps.map(\.action) == [expected], "\(line)")
  }

  @Test("a tick line parses back to the same duration in milliseconds")
  func tick() throws {
    let line = ScriptWriter.line(forTick: .milliseconds(2500))
    #expect(line == "tick 2500ms")
    #expect(try ScriptParser.parse(line, file: "r").steps.map(\.action) == [.tick(.seconds(2.5))])
  }
}
