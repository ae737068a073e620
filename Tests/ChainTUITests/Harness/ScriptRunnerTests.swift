import ChainKit
import Foundation
import Testing

@testable import ChainTUI

@Suite("Script runner")
@MainActor
struct ScriptRunnerTests {
  let runner = ScriptRunner(makeTarget: FakeTarget.factory)

  func run(_ text: String, snapshots: SnapshotStore? = nil) -> ScriptReport {
    runner.run(bytes: Array(text.utf8), file: "t.chaintui", snapshots: snapshots)
  }

  @Test("a script whose expectations hold passes, with the size and scene it asks for")
  func passing() {
    let report = run(
      """
      size 30x6
      scene other
      press + + tab
      tick 2s
      expect row 0 is "Fake other"
      expect screen contains "count: 2"
      expect screen does not contain "count: 3"
      expect row 3 is "time: 2s"
      focus Left
      expect log of Right contains "key tab"
      """)
    #expect(report.outcome == .passed, "\(report.details)")
  }

  @Test("a failed expectation gives file:line, the line as written, and the screen")
  func failureMessage() {
    let report = run("size 12x3\npress +\n  expect row 2 is \"count: 9\"  # wrong\npress +")
    #expect(
      report.details == """
        t.chaintui:3: failed: expect row 2 is "count: 9"
          row 2 is "count: 1"
          screen at this point (12x3):
          +------------+
          |Fake main   |
          |focus: Left |
          |count: 1    |
          +------------+
        """)
  }

  @Test("the run stops at the first failure, so later keys are not pressed")
  func stopsAtFailure() {
    let report = run("press +\nexpect screen contains \"nope\"\npress +")
    #expect(report.dispatches.map(\.key) == ["+"])
  }

  @Test("expect event matches only the dispatches of the latest action")
  func eventWindow() {
    let passing = run("press s\nexpect event key=s origin=Left path=Left>Root outcome=stopped")
    #expect(passing.outcome == .passed, "\(passing.details)")
    let stale = run("press s\npress +\nexpect event key=s")
    #expect(stale.details.contains("no dispatch since the last action matches; 1 in that window"))
    #expect(stale.details.contains("event key=+ origin=Left path=Left>Root outcome=ok"))
  }

  @Test("an unknown panel and an unknown scene fail with what was asked")
  func unknownNames() {
    #expect(
      run("focus Nope\nexpect row 0 is \"\"").details.contains(
        "there is no focusable panel named 'Nope'"))
    #expect(run("expect log of Nope contains \"x\"").details.contains("no panel named 'Nope'"))
    #expect(run("scene nope\nexpect row 0 is \"\"").details.contains("unknown scene 'nope'"))
  }

  @Test("a script with no expect or snapshot line fails, since it could never fail")
  func noExpectations() {
    let report = run("press + +\ntick 1s")
    #expect(
      report.details
        == "t.chaintui:1: failed: the whole script\n  it has no 'expect' or 'snapshot' line,"
        + " so it could never fail; add what should hold at the end (a recording ends with its"
        + " final screen)")
    #expect(report.dispatches.isEmpty)
  }

  @Test("input after the app quit fails at that line: nothing reaches an app that exited")
  func inputAfterQuit() {
    let report = run("press q\nexpect row 2 is \"count: 0\"\npress +")
    #expect(report.details.hasPrefix("t.chaintui:3: failed: press +\n  the app quit before this"))
  }

  @Test("a syntax error is reported and nothing runs")
  func syntaxError() {
    let report = run("press +\npress nokey")
    #expect(report.details.hasPrefix("t.chaintui:2:7: error: unknown key name 'nokey'"))
    #expect(report.dispatches.isEmpty)
  }

  @Test(
    "a missing golden fails; recording it fails too; then it matches, and a change fails")
  func snapshots() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-snapshots-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = "size 20x4\npress +\nsnapshot one"
    let compare = SnapshotStore(directory: directory, update: false)
    #expect(run(script, snapshots: compare).details.contains("there is no golden file"))
    let record = SnapshotStore(directory: directory, update: true)
    let recording = run(script, snapshots: record)
    #expect(!recording.passed)
    #expect(recording.details.contains("recorded a new golden"))
    #expect(run(script, snapshots: record).passed, "nothing to record: the golden matches")
    let golden = try String(
      contentsOf: directory.appendingPathComponent("one.txt"), encoding: .utf8)
    #expect(golden == "Fake main\nfocus: Left\ncount: 1\ntime: 0s\n")
    #expect(run(script, snapshots: compare).passed)
    let changed = run("size 20x4\npress + +\nsnapshot one", snapshots: compare)
    #expect(changed.details.contains(#"row 2: expected "count: 1", found "count: 2""#))
    let rerecording = run("size 20x4\npress + +\nsnapshot one", snapshots: record)
    #expect(!rerecording.passed)
    #expect(rerecording.details.contains("re-recorded"))
  }

  @Test("typed text presses one key per character, newline as Enter")
  func typing() {
    #expect(
      ScriptExecutor.keys(typing: "a b\n\t") == [
        .character("a"), .character(" "), .character("b"), .enter, .tab,
      ])
  }
}
