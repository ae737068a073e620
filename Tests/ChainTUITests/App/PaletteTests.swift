import Testing

@testable import ChainTUI

/// Issue 33, item 1: the command palette finds any panel, scene or command by a few letters and
/// jumps to it or runs it; typed at a real terminal's bytes, Ctrl-P (0x10), letters, CR.
@Suite("The command palette")
@MainActor
struct PaletteTests {
  /// A fresh 80x24 app on its first scene, driven through a headless terminal's bytes.
  private func driver() -> (App, HeadlessDriver) {
    let app = App(size: Size(width: 80, height: 24), colors: false)
    return (app, HeadlessDriver(app: app))
  }

  /// The palette's rows on screen: the lines inside its box below the query.
  private func rows(_ app: App) -> [String] {
    let grid = app.render()
    guard let box = app.paletteOverlay?.box(in: grid.size) else { return [] }
    return ((box.y + 2)..<(box.maxY - 2)).map { y in
      String(grid.row(y).dropFirst(box.x + 2).prefix(box.width - 4))
    }
  }

  @Test("Ctrl-P and : open it over the screen; an empty query lists every row, each with its key")
  func emptyQuery() {
    for bytes: [UInt8] in [[0x10], Array(":".utf8)] {
      let (app, driver) = driver()
      driver.feed(bytes: bytes)
      #expect(app.modes.top == .palette(query: "", selection: 0), "\(bytes)")
      #expect(app.paletteMatches == app.paletteItems)
      let screen = AppTest.screen(app)
      #expect(screen.contains("Palette: a panel, scene or command"))
      #expect(screen.contains("1 of \(app.paletteItems.count) · up/down select"))
      // The scene's panels come first; every scene and every command is in the list.
      #expect(app.paletteItems.first?.action == .panel(scene: 0, name: app.focusStops[0].name))
      for (index, scene) in app.scenes.enumerated() {
        #expect(app.paletteItems.contains { $0.action == .scene(index) }, "\(scene.id)")
      }
      for command in App.paletteCommands {
        #expect(app.paletteItems.contains { $0.action == command.action && !$0.key.isEmpty })
      }
      let status = app.render().row(23)
      #expect(status.contains("enter go  esc close"), "\(status)")
      driver.feed(bytes: [0x1B])
      #expect(app.modes.top == .browse)
      #expect(!AppTest.screen(app).contains("Palette"))
    }
  }

  @Test("a query no row matches says so; enter does nothing, backspace and esc still work")
  func noMatch() {
    let (app, driver) = driver()
    driver.feed(bytes: [0x10] + Array("qqzx".utf8))
    #expect(app.paletteMatches.isEmpty)
    #expect(AppTest.screen(app).contains("no match for \"qqzx\""))
    #expect(app.render().row(23).contains("palette: 0 of"))
    let scene = app.sceneIndex
    let focused = app.focusedPanel?.name
    driver.feed(bytes: [0x0D])
    #expect(app.modes.top == .palette(query: "qqzx", selection: 0))
    #expect(app.render().row(23).contains("enter: no match for \"qqzx\""))
    #expect(app.sceneIndex == scene && app.focusedPanel?.name == focused)
    driver.feed(bytes: [0x7F, 0x7F, 0x7F, 0x7F])
    #expect(app.modes.top == .palette(query: "", selection: 0))
    #expect(app.paletteMatches.count == app.paletteItems.count)
    driver.feed(bytes: [0x1B])
    #expect(app.modes.stack == [.browse])
  }

  /// The shortest start of `name` that puts the panel on top of the palette, else the name and
  /// its scene's title; what a user types to reach it.
  private func query(for name: String, scene index: Int, in app: App) -> String {
    let wanted = PaletteItem.Action.panel(scene: index, name: name)
    for length in 1...name.count {
      let query = String(name.prefix(length))
      if CommandPalette.ranked(app.paletteItems, query: query).first?.action == wanted {
        return query
      }
    }
    return name + " " + app.scenes[index].title
  }

  @Test("any panel of any scene in three keys: Ctrl-P, a few letters, enter")
  func reachAnyPanel() {
    let (probe, _) = driver()
    var letters: [Int] = []
    for (index, scene) in probe.scenes.enumerated() {
      for panel in scene.allPanels where panel.isFocusStop {
        let (app, driver) = driver()
        let query = query(for: panel.name, scene: index, in: app)
        letters.append(query.count)
        driver.feed(bytes: [0x10])
        driver.feed(bytes: Array(query.utf8))
        driver.feed(bytes: [0x0D])
        #expect(app.sceneIndex == index, "\(scene.id).\(panel.name) by \"\(query)\"")
        #expect(app.focusedPanel?.name == panel.name, "\(scene.id).\(panel.name) by \"\(query)\"")
        #expect(!app.modes.has(.palette))
        #expect(LayoutRule.violations(app) == [], "\(scene.id).\(panel.name)")
        #expect(app.render().row(23).contains(panel.titleHead), "\(scene.id).\(panel.name)")
      }
    }
    #expect(!letters.isEmpty)
    // Most panels take a few letters; a name two scenes share takes its scene's title too.
    let few = letters.filter { $0 <= 4 }.count
    #expect(few * 2 >= letters.count, "letters typed per panel: \(letters.sorted())")
  }

  @Test("a panel found from inside a zoom or a whole-screen inspector is shown, not left covered")
  func jumpShowsThePanel() {
    let (app, driver) = driver()
    let target = app.focusStops.last!.name
    driver.feed(bytes: Array("z".utf8))
    #expect(app.zoomedPanel != nil)
    driver.feed(bytes: [0x10] + Array(target.utf8) + [0x0D])
    #expect(app.zoomedPanel == nil && app.focusedPanel?.name == target)
    // Beside the panels the inspector covers none: it stays open.
    driver.feed(bytes: Array("i".utf8))
    #expect(app.inspector.isVisible)
    let other = app.focusStops.first!.name
    driver.feed(bytes: [0x10] + Array(other.utf8) + [0x0D])
    #expect(app.inspector.isVisible && app.focusedPanel?.name == other)
    // On the whole screen it covers them: the jump closes it.
    driver.feed(bytes: Array("I".utf8))
    #expect(app.layout.sceneArea.isEmpty)
    driver.feed(bytes: [0x10] + Array(target.utf8) + [0x0D])
    #expect(!app.inspector.isVisible && app.focusedPanel?.name == target)
  }

  @Test("a scene by its title, a command by what it does: enter runs what the row says")
  func scenesAndCommands() {
    let (app, driver) = driver()
    let last = app.scenes.count - 1
    driver.feed(bytes: [0x10] + Array(app.scenes[last].title.utf8) + [0x0D])
    #expect(app.sceneIndex == last)
    driver.feed(bytes: Array(":zoom".utf8))
    #expect(rows(app).first?.contains("zoom the focused panel's log") == true, "\(rows(app))")
    #expect(rows(app).first?.hasSuffix(" z") == true, "\(rows(app))")
    driver.feed(bytes: [0x0D])
    #expect(app.zoomedPanel != nil)
    driver.feed(bytes: Array(":filter".utf8) + [0x0D])
    #expect(app.modes.top == .filter(typing: true))
    #expect(app.inspector.isVisible)
  }

  @Test("a record of the inspector: found by its event's name, enter opens the inspector on it")
  func records() throws {
    let app = AppTest.app(scene: "router")
    let driver = HeadlessDriver(app: app)
    driver.feed(bytes: Array("ls".utf8))
    let records = app.paletteItems.filter { $0.kind == "record" }
    try #require(records.count >= 2, "\(app.paletteItems.map(\.label))")
    // Newest first: the share came after the like.
    #expect(records[0].label.contains("shareTapped"), "\(records.map(\.label))")
    driver.feed(bytes: Array(":likeTapped".utf8))
    let like = try #require(app.paletteMatches.first { $0.kind == "record" })
    guard case .record(let seq) = like.action else {
      Issue.record("not a record: \(like)")
      return
    }
    let index = try #require(app.paletteMatches.firstIndex(of: like))
    driver.feed(bytes: Array(repeating: Array("\u{1B}[B".utf8), count: index).flatMap { $0 })
    driver.feed(bytes: [0x0D])
    #expect(app.inspector.isVisible)
    #expect(app.inspector.selectedID == seq)
    #expect(app.modes.top == .inspector)
  }

  @Test("up and down move the selection within the rows; typing selects the best row again")
  func selection() {
    let (app, driver) = driver()
    driver.feed(bytes: [0x10])
    driver.feed(bytes: Array("\u{1B}[A".utf8))
    #expect(app.modes.top == .palette(query: "", selection: 0))
    driver.feed(bytes: Array("\u{1B}[B\u{1B}[B".utf8))
    #expect(app.modes.top == .palette(query: "", selection: 2))
    let chosen = app.paletteMatches[2]
    #expect(rows(app)[2].contains(chosen.label.prefix(20)), "\(rows(app))")
    driver.feed(bytes: Array("\u{1B}[F".utf8))
    #expect(app.modes.top == .palette(query: "", selection: app.paletteItems.count - 1))
    driver.feed(bytes: Array("a".utf8))
    #expect(app.modes.top == .palette(query: "a", selection: 0))
    driver.feed(bytes: [0x10])
    #expect(app.modes.stack == [.browse])
  }

  @Test("fuzzy: letters in order, word starts and whole names first")
  func ranking() {
    let items = ["controller", "cell0", "cell1", "compose", "feedList"].map {
      PaletteItem(kind: "panel", label: $0, key: "", text: $0, action: .key(.tab))
    }
    #expect(CommandPalette.ranked(items, query: "cel1").first?.label == "cell1")
    #expect(CommandPalette.ranked(items, query: "fl").first?.label == "feedList")
    #expect(CommandPalette.ranked(items, query: "CELL0").map(\.label) == ["cell0"])
    #expect(CommandPalette.ranked(items, query: "").map(\.label) == items.map(\.label))
    #expect(CommandPalette.ranked(items, query: "xyz").isEmpty)
  }

  @Test("the palette's and search's keys collide with no key of any built-in panel")
  func noCollision() {
    let app = App(size: Size(width: 80, height: 24), colors: false)
    let ours: [Key] = [
      .ctrl("p"), .character(":"), .character("/"), App.nextMatchKey, App.previousMatchKey,
    ]
    for scene in app.scenes {
      for panel in scene.allPanels {
        for key in ours {
          #expect(
            !panel.keys.contains { $0.matches(key) }, "\(scene.id).\(panel.name) binds \(key)")
        }
      }
    }
    for key in ours { #expect(TreeFileParser.reservedKeys[key] != nil, "\(key)") }
  }
}
