import Testing

@testable import ChainTUI

/// Issue 24, item 4: what keys do while the screen is too small, how scenes are switched, and
/// which keys a tree file may not take from the explorer.
@Suite("Input rules")
@MainActor
struct InputRulesTests {
  @Test("while the terminal is too small, keys other than resize and quit do nothing")
  func tooSmallIgnoresKeys() {
    let app = AppTest.app(scene: "model", size: Size(width: 50, height: 12))
    let focused = app.focusedPanel?.name
    for key: Key in [.character("i"), .character("?"), .tab, .character("3"), .f(2), .down] {
      app.press(key)
    }
    #expect(!app.inspector.isVisible)
    #expect(!app.showsHelp)
    #expect(app.scene.id == "model")
    #expect(app.focusedPanel?.name == focused)
    app.press(.resize(width: 80, height: 24))
    app.press(.character("i"))
    #expect(app.inspector.isVisible)
    app.press(.resize(width: 40, height: 10))
    app.press(.character("q"))
    #expect(app.isFinished)
  }

  @Test("F1-F6 switch scenes from help, the filter field and a text field")
  func functionKeysAlwaysSwitch() {
    let app = AppTest.app(scene: "bindings")
    #expect(app.focus(panelNamed: "dollars"))
    app.press(.f(1))
    #expect(app.scene.id == SceneCatalog.ids[0])
    app.press(.character("?"))
    app.press(.f(3))
    #expect(app.scene.id == SceneCatalog.ids[2])
    #expect(!app.showsHelp)
    app.press(.character("i"))
    app.press(.character("/"))
    app.press(.f(2))
    #expect(app.scene.id == SceneCatalog.ids[1])
    #expect(!app.inspector.isEditingFilter)
  }

  @Test("digits type into a focused text field, and the status line says how to switch")
  func digitsInATextField() {
    let app = AppTest.app(scene: "bindings", size: Size(width: 120, height: 30))
    #expect(app.focus(panelNamed: "dollars"))
    app.press(.character("2"))
    #expect(app.scene.id == "bindings")
    let status = app.render().text.split(separator: "\n").last ?? ""
    #expect(status.contains("digits type here, F1-F6 scenes"))
    #expect(app.focus(panelNamed: "formatter"))
    #expect(!app.focusedPanelTakesDigits)
    app.press(.character("2"))
    #expect(app.scene.id == SceneCatalog.ids[1])
  }

  @Test(
    "a tree key that shadows one of the explorer's is reported where it is written",
    arguments: [
      ("t", "shows the log lines' times"), ("z", "zooms"), ("n", "replays"),
      ("1", "switches scenes"), ("f2", "switches scenes"), ("ctrl-p", "command palette"),
      (":", "command palette"), ("/", "searches the log"), (".", "next match"),
      (",", "previous match"),
    ])
  func shadowingKeysAreReported(key: String, job: String) {
    let problems = TreeFileParserTests.problems(
      """
      panel top
        panel leaf
          key \(key) "mine" post mine
      """)
    #expect(problems.count == 1)
    #expect(
      problems.first?.hasPrefix("t.tree:3:9: error: expected a key of the panel's own") == true)
    #expect(problems.first?.contains(job) == true)
  }

}
