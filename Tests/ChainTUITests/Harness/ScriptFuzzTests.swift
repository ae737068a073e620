import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainTUI

@Suite("Script robustness")
@MainActor
struct ScriptFuzzTests {
  let runner = ScriptRunner(makeTarget: FakeTarget.factory)

  static let sample = Array(
    """
    # sample
    size 40x10
    scene main
    press tab + "#" ctrl-x f12 shift-tab
    type "héllo \\u{1F600}\\n\\"q\\""
    resize 20x5
    tick 250ms
    focus Right
    expect screen contains "count"
    expect screen does not contain "zzz"
    expect row 0 is "Fake main"
    expect log of Left contains "key"
    expect event key=tab origin=Left path=Left>Root outcome=ok
    snapshot end
    """.utf8)

  /// Checks that a result is a clean outcome, and that a syntax error points inside the input.
  func checkClean(_ bytes: [UInt8]) {
    let report = runner.run(bytes: bytes, file: "f", snapshots: nil)
    guard case .syntaxError(let error) = report.outcome else { return }
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    #expect((1...lines.count).contains(error.location.line), "\(error)")
    let line = lines[error.location.line - 1]
    #expect(error.location.column >= 1 && error.location.column <= line.count + 1, "\(error)")
    #expect(!error.message.isEmpty)
  }

  @Test("every truncation of a valid script, even inside a character, parses or points at an error")
  func truncations() {
    for length in 0...Self.sample.count {
      checkClean(Array(Self.sample.prefix(length)))
    }
  }

  @Test("every line cut short, alone, parses or points at an error")
  func truncatedLines() {
    let lines = Self.sample.split(separator: 0x0A)
    for line in lines {
      for length in 0...line.count { checkClean(Array(line.prefix(length))) }
    }
  }

  @Test("random bytes as a script give a syntax error, never a crash or hang")
  func randomBytes() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      let count = Int.random(in: 0...120, using: &generator)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      checkClean(bytes)
    }
  }

  @Test("random mixes of the script's own words run cleanly or give a syntax error")
  func randomWords() {
    var generator = SplitMix64(seed: 11)
    let words =
      String(decoding: Self.sample, as: UTF8.self)
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
      + ["\n", "\n", "\"", "\\", "#", "99999999999999999999", "0x0", "-1", "=", ">", "\r"]
    var parsed = 0
    for _ in 0..<2000 {
      let count = Int.random(in: 1...12, using: &generator)
      let text = (0..<count).map { _ in words.randomElement(using: &generator) ?? "" }
        .joined(separator: " ")
      let bytes = Array(text.utf8)
      checkClean(bytes)
      if (try? ScriptParser.parse(bytes: bytes, file: "f")) != nil { parsed += 1 }
    }
    // Some of them must parse, or this test would only exercise the error paths.
    #expect(parsed > 50)
  }
}
