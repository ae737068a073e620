import Testing

@testable import ChainTUI

/// Issue 24, item 6: checking a tree file is linear in its panels, and no shape of file makes
/// the checks recurse or repeat themselves per panel.
@Suite("Huge tree files")
struct HugeTreeTests {
  @Test("a 100,000-panel file is checked in one pass: one error for the panel limit")
  func hundredThousandPanels() {
    var text = "panel top\n"
    for index in 0..<100_000 { text += "  panel p\(index)\n" }
    let problems = TreeFileParserTests.problems(text)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("expected at most 500 panels; this file has 100001") == true)
  }

  @Test("chains nested deeper than the limit report their first panel too deep, once each")
  func deepChainsReportOnce() {
    var text = "panel top\n"
    for chain in 0..<2_500 {
      for level in 1...40 {
        text += String(repeating: " ", count: level) + "panel c\(chain)l\(level)\n"
      }
    }
    let problems = TreeFileParserTests.problems(text)
    let tooDeep = problems.filter { $0.contains("nested at most 32 deep") }
    #expect(tooDeep.count == 2_500)
    #expect(tooDeep.first?.hasPrefix("t.tree:34:40:") == true, "\(tooDeep.first ?? "")")
  }

  @Test("100,000 lines under a panel line with a problem are each checked, without a copy each")
  func linesUnderABadPanel() {
    var text = "panel top\n  panel bad!\n"
    for index in 0..<100_000 { text += "    text \"line \(index)\"\n" }
    let problems = TreeFileParserTests.problems(text)
    #expect(problems.count == 1)
  }
}
