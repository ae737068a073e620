import Testing

@testable import ChainTUI

@Suite("Tree file parser")
struct TreeFileParserTests {
  static func load(_ text: String) -> Result<TreeFile, TreeFileErrors> {
    TreeFileLoader.parse(bytes: Array(text.utf8), file: "t.tree", defaultID: "t")
  }

  /// Every problem of a text, as `file:line:column: error: message` lines.
  static func problems(_ text: String) -> [String] {
    guard case .failure(let errors) = load(text) else { return [] }
    return errors.errors.map(\.description)
  }

  @Test("every statement parses to the tree it describes")
  func everyStatement() throws {
    let tree = try Self.load(
      """
      # a comment
      scene chat "Chat window"
      flow "messages go up"
      panel window "window (root)" axis=vertical color=magenta
        text "the whole window"
        share theme "dark"
        on send handle stopPropagation
        on ping capture log
        on who answer "{name}-bot"
        on busy decline
        on boom throw "no"
        on send decorate room=general to={name}
        on like share liked "{row}" post liked row={row} set title "x"
        field title "Chat"
        bus produce presence every 500ms
        panel composer length=4 weight=2 log=off
          subscribe theme
          bus subscribe presence
          key enter "send" post send text=hi count=3
          key w "who?" request who name=ann
          key p "publish" publish presence "here"
          field draft
          key x "clear" set draft ""
        panel side
      mount composer under side
      bind window.title composer.draft
      """
    ).get()
    #expect(tree.id == "chat")
    #expect(tree.title == "Chat window")
    #expect(tree.flow == ["messages go up"])
    #expect(tree.panels.map(\.name) == ["window", "composer", "side"])
    let window = tree.panels[0]
    #expect(window.axis == .vertical)
    #expect(window.accent == .magenta)
    #expect(window.texts == ["the whole window"])
    #expect(
      window.listeners.map(\.name) == ["send", "ping", "who", "busy", "boom", "send", "like"])
    #expect(
      window.listeners.map { $0.actions.map(\.kind.word) } == [
        ["handle", "stopPropagation"], ["log"], ["answer"], ["decline"], ["throw"], ["decorate"],
        ["share", "post", "set"],
      ])
    #expect(window.listeners[1].capture)
    #expect(window.producers.first?.interval == .milliseconds(500))
    let composer = tree.panels[1]
    #expect(composer.parent == 0)
    #expect(composer.length == 4 && composer.weight == 2 && composer.logRows == 0)
    #expect(
      composer.keys.map(\.key) == [.enter, .character("w"), .character("p"), .character("x")])
    #expect(composer.fields.map(\.name) == ["draft"])
    #expect(tree.bindings.count == 1)
    #expect(tree.mounts.map(\.child.name) == ["composer"])
    // The mount is refused later (composer is already under window), but it parses.
    #expect(Self.problems("panel a\n  panel b\nmount b under a").count == 1)
  }

  @Test("placeholders take the event's params; unknown ones stay as written")
  func placeholders() {
    let text = TreeText(template: "{name} said {text} in {room} {")
    #expect(text.resolved(with: ["name": "ann", "text": "hi"]) == "ann said hi in {room} {")
    #expect(TreeText(template: "3").param(with: [:]) as? Int == 3)
    #expect(TreeText(template: "{n}").param(with: ["n": "12"]) as? Int == 12)
  }

  @Test(
    "bad lines give file, line and column and say what was expected",
    arguments: [
      ("panel a\n  lsiten x", "t.tree:2:3: error: expected a statement (panel, text, key, on,"),
      ("panel a\n  on x hadle", "t.tree:2:8: error: expected an action (log, handle,"),
      ("panel a\n  on x stopPropogation", "did you mean 'stopPropagation'?"),
      ("panel a\n  key q \"quit\" post x", "t.tree:2:7: error: expected a key of the panel's own"),
      ("panel a\n  key insert \"add\" post x", "t.tree:2:7: error: expected a key ChainTUI names"),
      ("panel a\n  key ctrl-up \"raise\" post x", "t.tree:2:7: error: expected a key ChainTUI"),
      ("panel a\n  key enter open post x", "t.tree:2:13: error: expected the key's label in"),
      ("panel a\n  key l \"like\" shout x", "t.tree:2:16: error: expected what the key does"),
      ("panel a\n  on x capture decorate k=v", "t.tree:2:16: error: expected 'decorate' without"),
      ("panel a\n  on x answer 1 handle", "t.tree:2:17: error: expected only 'log' or 'throw'"),
      ("panel a\n  on x answer 1 decline", "t.tree:2:17: error: expected one 'answer' or"),
      ("panel a\n\tpanel b", "t.tree:2:1: error: expected spaces for indentation"),
      ("panel a\n    panel b\n  panel c", "t.tree:3:3: error: expected this line to line up"),
      ("  panel a", "t.tree:1:3: error: expected no indentation here"),
      ("panel a\npanel b", "t.tree:2:1: error: expected one root panel; 'a' at line 1"),
      ("panel a\n  panel a", "t.tree:2:9: error: expected a new panel name; 'a' is already"),
      ("panel a\nkey x \"y\" post z", "t.tree:2:1: error: expected 'key' inside a panel"),
      ("panel a\n  mount a under a", "t.tree:2:3: error: expected 'mount' at the top level"),
      ("panel a\nmount b under a", "t.tree:2:7: error: expected a panel of this file (a)"),
      ("panel a\n  panel b\nmount a under b", "t.tree:2:0"),
      ("panel a axis=diagonal", "t.tree:1:9: error: expected an option (axis=horizontal"),
      ("panel a.b", "t.tree:1:7: error: expected a panel name of letters, digits"),
      ("panel a\n  on x set missing 1", "t.tree:2:8: error: expected a field of panel 'a'"),
      (
        "panel a\n  key k \"k\" post x\n  key k \"k\" post y",
        "t.tree:3:7: error: expected each key"
      ),
      ("panel a\nbind a.x", "t.tree:2:9: error: expected at least two fields"),
      ("panel a\n  bus produce p every 1ms", "expected an interval of at least 10ms"),
      ("scene router\npanel a", "t.tree:1:7: error: expected a scene id of the tree's own"),
      ("# nothing", "t.tree:1:1: error: expected a root panel"),
      ("panel a\n  text \"x", "t.tree:2:8: error: expected a closing \""),
    ])
  func badLines(text: String, message: String) {
    let problems = Self.problems(text)
    if message == "t.tree:2:0" {
      // A mount that makes a cycle is reported at the new parent's name.
      #expect(
        problems == [
          "t.tree:3:15: error: cannot mount 'a' under 'b': 'b' is already below 'a', so the tree"
            + " would have a cycle"
        ])
      return
    }
    #expect(problems.contains { $0.contains(message) }, "\(problems)")
    #expect(problems.allSatisfy { $0.hasPrefix("t.tree:") })
  }

  @Test("every problem of a file is reported, in line order, not just the first")
  func everyProblem() {
    let problems = Self.problems(
      """
      panel app
        on save hadle
        panel list
          key q "quit" post x
          panel cell
            on tap set nothing 1
        panel list
      mount ghost under app
      mount app under cell
      """)
    #expect(
      problems.map { $0.prefix(while: { $0 != " " }) } == [
        "t.tree:2:11:", "t.tree:4:9:", "t.tree:6:14:", "t.tree:7:9:", "t.tree:8:7:",
        "t.tree:9:17:",
      ], "\(problems)")
  }

  @Test("the lines under a panel line with a problem are still checked, without follow-ons")
  func lineUnderBadPanel() {
    let problems = Self.problems("panel a\n  panel b axis=up\n    key enter \"e\" post x\n    zap")
    #expect(problems.count == 2, "\(problems)")
    #expect(problems.last?.hasPrefix("t.tree:4:5: error: expected a statement") == true)
  }
}
