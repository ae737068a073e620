import Testing

@testable import ChainTUI

@Suite("Binding rows read as sentences")
@MainActor
struct BindingSentenceTests {
  @Test("an update says which member it follows, and text values are quoted")
  func updateNamesItsSource() {
    #expect(
      BindingSentence.text(
        .update, member: "viewer.draft", source: "compose.draft",
        group: "viewer.draft=compose.draft", old: "", new: "Thanks!")
        == #"viewer.draft follows compose.draft: "" -> "Thanks!""#)
  }

  @Test("a change made from outside the binding says the member changed")
  func changeSaysChanged() {
    #expect(
      BindingSentence.text(
        .change, member: "dollars", source: nil, group: "money", old: "4", new: "42")
        == "dollars changed: 4 -> 42")
  }

  @Test("the inspector's binding rows are sentences that name the member followed")
  func inspectorRowsAreSentences() {
    let app = AppTest.app(scene: "bindings", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "dollars"))
    app.press(.character("4"))
    let rows = app.inspectorItems.filter { $0.kind == .binding }.map(\.summary)
    #expect(rows.contains("dollars changed: 0 -> 4"))
    #expect(rows.contains("cents follows dollars: 0 -> 400"))
    #expect(!rows.contains { $0.hasPrefix("bind ") })
  }
}
