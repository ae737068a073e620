import Testing

@testable import ChainTUI

/// Issue 16, item 7: small things a new user trips over, each pinned by a test.
@Suite("Rough edges")
@MainActor
struct RoughEdgesTests {
  func run(_ script: String) -> ScriptReport {
    ScriptRunner(makeTarget: ExplorerScriptTarget.make).run(
      bytes: Array(script.utf8), file: "t.chaintui", snapshots: nil)
  }

  @Test("a script's unknown panel name lists the valid ones")
  func unknownPanelListsNames() {
    let report = run("scene router\nexpect log of cel1 contains \"x\"")
    #expect(
      report.details.contains(
        "there is no panel named 'cel1'; the panels are: app, controller, table, cell0, cell1,"
          + " cell2"), "\(report.details)")
    let focus = run("scene router\nfocus table\nexpect screen contains \"x\"")
    #expect(
      focus.details.contains(
        "there is no focusable panel named 'table'; the focusable panels are: cell0, cell1, cell2"),
      "\(focus.details)")
  }

  @Test("outcome=errors is accepted beside outcome=error")
  func outcomeErrors() {
    let report = run("scene playground\nfocus btnA\npress x\nexpect event outcome=errors")
    #expect(report.passed, "\(report.details)")
  }

  @Test("counts read right at one: 1 dispatch, 2 dispatches")
  func counts() {
    #expect(counted(1, "dispatch") == "1 dispatch")
    #expect(counted(2, "dispatch") == "2 dispatches")
    #expect(counted(0, "record") == "0 records")
  }

  @Test("clipped body lines end with an ellipsis")
  func bodyEllipsis() {
    let app = AppTest.app(scene: "router", size: Size(width: 60, height: 18))
    let screen = AppTest.screen(app)
    #expect(screen.contains("Ann: lunch at o…"), "\(screen)")
  }
}
