import Testing

@testable import ChainTUI

/// Issue 35, item 3: the explorer's modes are one state machine; each ends on Esc, on a scene
/// switch and on a new dispatch that supersedes it, and the status line always says where focus
/// is and what the keys do.
@Suite("The explorer's modes")
@MainActor
struct ModesTests {
  /// A way into a mode from a fresh app at 80x24: the scene, the keys, the mode's kind on top.
  struct Recipe: CustomTestStringConvertible, Sendable {
    let scene: String
    let keys: [Key]
    let kind: ExplorerModes.Kind
    var testDescription: String { "\(kind) in \(scene) by \(keys.map(KeyName.format))" }
  }

  nonisolated static let recipes: [Recipe] = [
    Recipe(scene: "router", keys: [], kind: .browse),
    Recipe(scene: "bindings", keys: [], kind: .field),
    Recipe(scene: "router", keys: [.character("l"), .character("n")], kind: .replay),
    Recipe(scene: "router", keys: [.character("l"), .character("z")], kind: .zoom),
    Recipe(scene: "router", keys: [.character("l"), .character("i")], kind: .inspector),
    Recipe(scene: "router", keys: [.character("l"), .character("i"), .character("w")], kind: .why),
    Recipe(
      scene: "router", keys: [.character("l"), .character("i"), .character("/"), .character("c")],
      kind: .filter),
    Recipe(
      scene: "router",
      keys: [.character("l"), .character("i"), .character("/"), .character("c"), .enter],
      kind: .filter),
    Recipe(
      scene: "router", keys: [.character("l"), .character("i"), .character("n")], kind: .replay),
    Recipe(
      scene: "router", keys: [.character("l"), .character("n"), .character("?")], kind: .help),
    Recipe(scene: "bindings", keys: [.character("?")], kind: .help),
    Recipe(scene: "router", keys: [.ctrl("p")], kind: .palette),
    Recipe(scene: "bindings", keys: [.character(":"), .character("c")], kind: .palette),
    Recipe(
      scene: "router", keys: [.character("l"), .character("i"), .ctrl("p")], kind: .palette),
    Recipe(
      scene: "router", keys: [.character("l"), .character("/"), .character("t")], kind: .search),
    Recipe(
      scene: "router", keys: [.character("l"), .character("/"), .character("t"), .enter],
      kind: .search),
    Recipe(
      scene: "router",
      keys: [.character("l"), .character("z"), .character("/"), .character("l"), .enter],
      kind: .search),
  ]

  /// Every key the app knows: each named key, every printable ASCII character, F1-F12, Ctrl with
  /// each letter, clicks and wheel turns at a few places, and a resize to the same size.
  static let allKeys: [Key] = {
    var keys = KeyName.named.map(\.key)
    keys += (32...126).compactMap { UnicodeScalar($0).map { Key.character(Character($0)) } }
    keys += (1...12).map(Key.f)
    keys += KeyName.controlLetters.sorted().map(Key.ctrl)
    for (x, y) in [(0, 0), (10, 0), (5, 8), (40, 12), (79, 23)] {
      keys.append(.mouseClick(x: x, y: y))
      keys.append(.mouseWheel(up: y % 2 == 0, x: x, y: y))
    }
    keys.append(.resize(width: 80, height: 24))
    var seen: Set<Key> = []
    return keys.filter { seen.insert($0).inserted }
  }()

  /// The app in a recipe's mode, checked to be there.
  private func app(in recipe: Recipe) -> App {
    let app = AppTest.app(scene: recipe.scene)
    for key in recipe.keys { app.press(key) }
    #expect(app.modes.top.kind == recipe.kind, "\(recipe.testDescription): \(app.modes.stack)")
    return app
  }

  /// What is wrong with the status line: it must name the focused panel and show the keys of
  /// the mode on top (one of its reminders).
  private func statusProblems(_ app: App) -> [String] {
    let grid = app.render()
    guard grid.width >= App.minimumSize.width, grid.height >= App.minimumSize.height else {
      return []
    }
    let status = grid.row(grid.height - 1)
    var problems: [String] = []
    if let name = app.focusedPanel?.titleHead, !status.contains(name) {
      problems.append("no focused panel \(name) in \"\(status)\"")
    }
    let reminders = app.modeReminders.map { $0.trimmingCharacters(in: .whitespaces) }
    if !reminders.contains(where: status.contains) {
      problems.append("no keys of \(app.modes.top.kind) (\(reminders)) in \"\(status)\"")
    }
    if app.modes.top != .browse, !status.contains("esc") {
      problems.append("in \(app.modes.top.kind) no esc in \"\(status)\"")
    }
    return problems
  }

  @Test(
    "every mode x every key: esc leaves it, a scene switch ends all, the status says",
    arguments: recipes)
  func everyModeEveryKey(recipe: Recipe) {
    for key in Self.allKeys {
      let app = app(in: recipe)
      let before = app.modes
      let scene = app.sceneIndex
      let newest = app.highestDispatchID
      app.press(key)
      let label = "\(recipe.testDescription), then \(KeyName.format(key))"
      if key == .escape {
        #expect(
          !app.modes.stack.elementsEqual(before.stack) || before.top == .browse,
          "\(label): still \(app.modes.stack)")
        #expect(app.modes.stack.count == max(1, before.stack.count - 1), "\(label)")
      }
      if app.sceneIndex != scene || key == .f(scene + 1) {
        #expect(
          app.modes.stack == [.browse] || app.modes.stack == [.browse, .field],
          "\(label): \(app.modes.stack) after a scene switch")
        #expect(app.replayStep == nil, "\(label)")
        #expect(!AppTest.screen(app).contains("▶"), "\(label): an old replay mark")
      } else if app.highestDispatchID != newest {
        #expect(!app.modes.has(.replay), "\(label): a new dispatch left the replay open")
      }
      if !app.isFinished {
        let problems = statusProblems(app)
        #expect(problems == [], "\(label)")
      }
    }
  }

  @Test(
    "from every mode, esc pressed once per open mode comes back to browsing", arguments: recipes)
  func escapeUnwinds(recipe: Recipe) {
    let app = app(in: recipe)
    for _ in 0..<app.modes.stack.count { app.press(.escape) }
    #expect(app.modes.stack == [.browse], "\(recipe.testDescription)")
    #expect(app.replayStep == nil)
    #expect(!app.showsHelp && !app.inspector.isVisible && app.zoomedPanel == nil)
    #expect(app.inspector.filterText.isEmpty && app.inspector.whyPanel == nil)
    #expect(app.paletteOverlay == nil && app.searchState == nil)
  }

  @Test("the transition function is pure: the same modes and event give the same modes")
  func transitionIsPure() {
    var modes = ExplorerModes()
    let events: [ExplorerModes.Event] = [
      .open(.inspector), .open(.why(panel: "a")), .open(.filter(typing: true)),
      .open(.filter(typing: false)), .open(.replay(dispatch: 3, hops: 1)), .dispatched,
      .open(.help(scroll: 0)), .escape, .escape, .focusMoved(field: true), .open(.zoom(panel: "x")),
      .sceneSwitched(field: false),
    ]
    for event in events {
      let next = ExplorerModes.transition(modes, event)
      #expect(ExplorerModes.transition(modes, event) == next)
      #expect(next.stack.first == .browse)
      #expect(Set(next.stack.map(\.kind)).count == next.stack.count, "\(next.stack)")
      modes = next
    }
    #expect(modes.stack == [.browse])
  }

  @Test("esc in the inspector unwinds the filter, then why, then the inspector, whatever the order")
  func inspectorUnwinds() {
    var modes = ExplorerModes()
    modes.apply(.open(.filter(typing: true)))
    modes.apply(.open(.filter(typing: false)))
    modes.apply(.open(.why(panel: "cell0")))
    #expect(modes.stack == [.browse, .inspector, .why(panel: "cell0"), .filter(typing: false)])
    modes.apply(.escape)
    #expect(modes.top == .why(panel: "cell0"))
    modes.apply(.escape)
    #expect(modes.top == .inspector)
    modes.apply(.open(.zoom(panel: "cell0")))
    #expect(modes.stack == [.browse, .zoom(panel: "cell0")])
  }

  /// The top border of the panel with this title, from its title to its corner.
  private func border(_ title: String, in app: App) -> String? {
    for row in AppTest.screen(app).split(separator: "\n").map(String.init) {
      guard let start = row.range(of: "─ \(title) ") else { continue }
      return String(row[start.lowerBound...].prefix { $0 != "┐" })
    }
    return nil
  }

  @Test("Router at 80x24, l n esc tab s: esc ends the replay, and the new post shows its marks")
  func routerRepro() {
    let app = AppTest.app(scene: "router")
    app.press(.character("l"))
    app.press(.character("n"))
    #expect(border("cell0", in: app)?.contains("[▶ tgt passed]") == true)
    app.press(.escape)
    var status = app.render().row(23)
    #expect(status.hasPrefix(" app > controller > table > cell0  |  enter open"), "\(status)")
    #expect(!AppTest.screen(app).contains("▶"))
    #expect(border("table (decorates params)", in: app)?.contains("[bub decorated]") == true)
    app.press(.tab)
    status = app.render().row(23)
    #expect(status.hasPrefix(" app > controller > table > cell1  |  enter open"), "\(status)")
    app.press(.character("s"))
    #expect(border("cell1", in: app)?.contains("[tgt passed]") == true)
    #expect(border("cell0", in: app)?.contains("[") == false)
    #expect(border("app (root)", in: app)?.contains("[bub handled]") == true)
    // A scene switch and back shows no old replay either.
    app.press(.character("n"))
    app.press(.f(1))
    app.press(.f(2))
    #expect(!AppTest.screen(app).contains("▶"))
    #expect(app.render().row(23).hasPrefix(" app > controller > table > cell1  |"))
  }

  @Test("a new post during a replay, or a focus change, ends it")
  func replayEndsOnPostAndFocus() {
    let app = AppTest.app(scene: "router")
    app.press(.character("l"))
    app.press(.character("n"))
    app.press(.character("s"))
    #expect(app.replayStep == nil)
    #expect(border("cell0", in: app)?.contains("[tgt passed]") == true)
    app.press(.character("n"))
    #expect(app.replayStep != nil)
    app.press(.tab)
    #expect(app.replayStep == nil)
  }

  @Test("a text field: esc leaves it and digits switch scenes again; enter types again")
  func fieldMode() {
    let app = AppTest.app(scene: "bindings")
    #expect(app.modes.top == .field)
    app.press(.character("4"))
    #expect(app.scene.id == "bindings")
    app.press(.escape)
    #expect(app.modes.top == .browse)
    #expect(app.render().row(23).contains("enter type here"))
    app.press(.enter)
    app.press(.character("2"))
    #expect(app.scene.id == "bindings")
    #expect(AppTest.screen(app).contains("[ 42 ]"))
    app.press(.escape)
    app.press(.character("2"))
    #expect(app.scene.id == "router")
  }
}
