import ChainTUI
import Testing

@testable import ChainTUITesting

@Suite("Headless session")
@MainActor
struct HeadlessSessionTests {
  let session = HeadlessSession(target: FakeTarget(size: Size(width: 20, height: 4)))

  @Test("keys pressed by name reach the app in order, and the screen shows the result")
  func pressByName() throws {
    try session.press("+", "+", "tab")
    #expect(session.row(1) == "focus: Right")
    #expect(session.row(2) == "count: 2")
    #expect(session.dispatches.map(\.key) == ["+", "+", "tab"])
  }

  @Test("an unknown key name throws and presses nothing")
  func unknownName() {
    #expect(throws: KeyNameError.self) { try session.press("+", "nokey") }
    #expect(session.dispatches.isEmpty)
  }

  @Test("latest dispatches are those of the most recent action only")
  func latest() {
    session.press(.character("+"))
    session.type("s")
    #expect(session.latestDispatches.map(\.key) == ["s"])
  }

  @Test("tick, resize and focus change the app as a script would")
  func actions() throws {
    session.tick(.seconds(3))
    session.resize(to: Size(width: 15, height: 3))
    try session.focus("Right")
    #expect(session.screenText == "Fake main\nfocus: Right\ncount: 0")
    #expect(throws: HeadlessSessionError.self) { try session.focus("Nowhere") }
  }

  @Test("a script runs on from the session's state, and a failure carries the screen")
  func runScript() throws {
    session.press(.character("+"))
    try session.runScript("press +\nexpect row 2 is \"count: 2\"")
    #expect(throws: HeadlessSessionError.self) {
      try session.runScript("expect row 2 is \"count: 3\"", file: "s")
    }
    do {
      try session.runScript("expect row 2 is \"count: 3\"", file: "s")
    } catch {
      #expect(error.message.hasPrefix("s:1: failed: expect row 2 is \"count: 3\""))
      #expect(error.message.contains("|count: 2"))
    }
  }
}
