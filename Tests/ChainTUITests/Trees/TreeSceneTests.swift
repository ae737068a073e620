import Testing

@testable import ChainTUI

/// What each listener action, key action and data statement of a tree file does at run time,
/// seen as a user sees it: through the explorer's screen, logs and event records.
@Suite("Tree scenes")
@MainActor
struct TreeSceneTests {
  static let tree = """
    scene t
    panel root axis=vertical
      on ping handle
      on ask answer "root-{who}"
      on rename handle
      bus produce clock every 100ms
      panel mid axis=vertical
        on ping stopImmediatePropagation
        on ping log
        on ask decline
        on hello share greeting "hi {name}" post echoed name={name}
        on echoed handle
        on rename set title "{name}"
        on oops throw "mid is broken"
        field title "none"
        panel leaf
          subscribe greeting
          bus subscribe clock
          key enter "ping" post ping
          key a "ask" request ask who=ann
          key h "hello" post hello name=bo
          key r "rename" post rename name=cy
          key o "oops" post oops
          key p "publish" publish clock "manual"
    """

  func run(_ script: String) throws -> ScriptReport {
    try TreeTestSupport.run(tree: Self.tree, script: "size 100x40\nfocus leaf\n" + script)
  }

  @Test("stopImmediatePropagation stops the node's later listeners and every node above")
  func stopImmediately() throws {
    let report = try run(
      """
      press enter
      expect event key=ping path=leaf>mid>root outcome=stopped
      expect log of mid does not contain "saw ping"
      expect log of root does not contain "bub ping"
      expect screen does not contain "handled ping"
      """)
    #expect(report.passed, "\(report.details)")
  }

  @Test("a request declined below is answered above, and the asker shows the answer")
  func declineThenAnswer() throws {
    let report = try run(
      """
      press a
      expect event kind=request key=ask answered=root
      expect log of leaf contains "asked ask: \\"root-ann\\""
      expect screen contains "ask? root-ann"
      """)
    #expect(report.passed, "\(report.details)")
  }

  @Test("a listener shares data down and posts a nested event with the params it got")
  func shareAndPost() throws {
    let report = try run(
      """
      press h
      expect event key=hello origin=leaf outcome=ok
      expect event key=echoed origin=mid path=mid>root
      expect screen contains "greeting: hi bo"
      expect log of leaf contains "data greeting: hi bo"
      expect screen contains "handled echoed x1"
      """)
    #expect(report.passed, "\(report.details)")
  }

  @Test("a listener sets its panel's field from a param, and the event goes on up")
  func setField() throws {
    let report = try run(
      """
      expect screen contains "title = none"
      press r
      expect screen contains "title = cy"
      expect screen contains "handled rename x1"
      """)
    #expect(report.passed, "\(report.details)")
  }

  @Test("a listener that throws shows as an error in the record and the log")
  func throwing() throws {
    let report = try run(
      """
      press o
      expect event key=oops outcome=error
      expect log of mid contains "mid is broken"
      """)
    #expect(report.passed, "\(report.details)")
  }

  @Test("a producer publishes on the explorer's clock and a key publishes on the same channel")
  func busProducerAndPublish() throws {
    let report = try run(
      """
      expect screen contains "clock: (nothing yet)"
      tick 250ms
      expect screen contains "clock: 2"
      expect log of leaf contains "bus clock: 2"
      press p
      expect screen contains "clock: manual"
      """)
    #expect(report.passed, "\(report.details)")
  }
}
