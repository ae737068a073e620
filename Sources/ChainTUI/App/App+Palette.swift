/// The command palette (Ctrl-P or `:`): one list of every panel of every scene, the scenes, the
/// commands, each with its key, and the scene's recent inspector records, narrowed by typing;
/// enter jumps to the row or runs it.
extension App {
  /// The commands the palette lists besides panels and scenes: the global keys, then the
  /// inspector's, as the help names them.
  static let paletteCommands: [(label: String, action: PaletteItem.Action)] = [
    ("help: every key", .key(.character("?"))),
    ("inspector: open or close", .key(.character("i"))),
    ("search the log on screen", .key(.character("/"))),
    ("zoom the focused panel's log (again: the panel above)", .key(.character("z"))),
    ("replay the last dispatch hop by hop", .key(.character("n"))),
    ("timestamps on log lines: on or off", .key(.character("t"))),
    ("save the screen as an SVG picture", .key(.ctrl("x"))),
    ("next panel", .key(.tab)),
    ("previous panel", .key(.shiftTab)),
    ("quit", .key(.character("q"))),
    ("inspector: filter the records", .inspector(.character("/"))),
    ("inspector: why (who listens, panel by panel)", .inspector(.character("w"))),
    ("inspector: scope by kind", .inspector(.character("f"))),
    ("inspector: pause or follow", .inspector(.character("p"))),
    ("inspector: the whole screen or beside the panels", .key(App.inspectorScreenKey)),
    ("inspector: export the session as a Chrome trace", .inspector(App.traceExportKey)),
  ]

  /// The most inspector records the palette lists, newest first: enough to find a recent one by
  /// its event's name, few enough to rank on every key.
  static let paletteRecordLimit = 100

  /// Every row the palette can show, before a query narrows them: the panels of the scene on
  /// screen, the scenes, the focused panel's keys, the commands, the other scenes' panels, then
  /// the scene's newest inspector records (as the inspector's filter shows them).
  var paletteItems: [PaletteItem] {
    func panels(of index: Int) -> [PaletteItem] {
      let scene = scenes[index]
      return scene.allPanels.filter(\.isFocusStop).map { panel in
        // A title that starts with the panel's name already shows it.
        let label =
          panel.title.hasPrefix(panel.name) ? panel.title : "\(panel.title) (\(panel.name))"
        return PaletteItem(
          kind: "panel", label: "\(label) · \(scene.title)", key: "",
          text: "\(panel.name) \(panel.title) \(scene.title)",
          action: .panel(scene: index, name: panel.name))
      }
    }
    var items = panels(of: sceneIndex)
    for (index, scene) in scenes.enumerated() {
      let key = index < 9 ? "\(index + 1)" : index < 12 ? "F\(index + 1)" : ""
      items.append(
        PaletteItem(
          kind: "scene", label: scene.title, key: key, text: "\(scene.title) scene \(scene.id)",
          action: .scene(index)))
    }
    if let focused = focusedPanel {
      for binding in focused.keys {
        // A key that stands for several (the digits) is no one command to run.
        guard case .success(let key) = KeyName.parse(binding.displayName), binding.matches(key)
        else { continue }
        items.append(
          PaletteItem(
            kind: "key", label: "\(binding.label) (\(focused.name))", key: binding.displayName,
            text: "\(binding.label) \(focused.name)", action: .key(key)))
      }
    }
    for command in Self.paletteCommands {
      let key: String
      switch command.action {
      case .key(let pressed): key = KeyName.format(pressed)
      case .inspector(let pressed): key = "i " + KeyName.format(pressed)
      default: key = ""
      }
      items.append(
        PaletteItem(
          kind: "command", label: command.label, key: key, text: command.label,
          action: command.action))
    }
    for index in scenes.indices where index != sceneIndex { items += panels(of: index) }
    let entries = inspectorEntries
    let rowText = tracers[sceneIndex].rowText
    for position in entries.indices.reversed().prefix(Self.paletteRecordLimit) {
      let item = entries[position].item
      let label =
        item.dispatch.map { rowText.text(for: $0).header } ?? " " + item.summary
      let text = String(label.drop { $0 == " " })
      items.append(
        PaletteItem(kind: "record", label: text, key: "", text: text, action: .record(item.seq)))
    }
    return items
  }

  /// The palette's rows for its query, best first; empty when no palette is open.
  var paletteMatches: [PaletteItem] {
    guard case .palette(let query, _) = modes.mode(.palette) else { return [] }
    return CommandPalette.ranked(paletteItems, query: query)
  }

  /// The palette's box as it stands, if one is open.
  var paletteOverlay: PaletteOverlay? {
    guard case .palette(let query, let selection) = modes.mode(.palette) else { return nil }
    return PaletteOverlay(
      theme: Theme(colors: colors), query: query, matches: paletteMatches, selection: selection)
  }

  /// Keys in the palette: typing narrows the rows (the best one selected), up and down select,
  /// enter jumps or runs, esc or the key that opened it closes it.
  func paletteKey(_ key: Key) {
    guard case .palette(var query, var selection) = modes.top else { return }
    let count = paletteMatches.count
    let page = max(1, (paletteOverlay?.visibleRows(in: size) ?? 1) - 1)
    switch key {
    case .escape, .ctrl("p"):
      modes.apply(.close(.palette))
      return
    case .enter:
      let matches = paletteMatches
      guard matches.indices.contains(selection) else {
        flash = "enter: no match for \"\(query)\""
        return
      }
      modes.apply(.close(.palette))
      run(matches[selection].action)
      return
    case .up: selection = max(0, selection - 1)
    case .down: selection = max(0, min(count - 1, selection + 1))
    case .pageUp: selection = max(0, selection - page)
    case .pageDown: selection = max(0, min(count - 1, selection + page))
    case .home: selection = 0
    case .end: selection = max(0, count - 1)
    case .backspace, .delete:
      _ = query.popLast()
      selection = 0
    case .character(let character):
      query.append(character)
      selection = 0
    default:
      flash = "\(KeyName.format(key)): not in the palette (enter go, esc close)"
      return
    }
    modes.apply(.open(.palette(query: query, selection: selection)))
  }

  /// Does what a palette row stands for, with the palette closed.
  private func run(_ action: PaletteItem.Action) {
    switch action {
    case .panel(let index, let name):
      if index != sceneIndex { select(sceneAt: index) }
      // The panel is shown: a zoom of another ends, and so does an inspector that covers the
      // panels.
      modes.apply(.close(.zoom))
      if modes.has(.inspector), currentHits().panels.isEmpty { modes.apply(.close(.inspector)) }
      if !focus(panelNamed: name) { flash = "\(name): no such panel now" }
    case .scene(let index):
      if index == sceneIndex {
        modes.apply(.sceneSwitched(field: focusedPanelIsField))
      } else {
        select(sceneAt: index)
      }
    case .key(let key):
      route(key)
    case .inspector(let key):
      if !modes.has(.inspector) { modes.apply(.open(.inspector)) }
      route(key)
    case .record(let seq):
      if !modes.has(.inspector) { modes.apply(.open(.inspector)) }
      inspector.selectedID = seq
    }
  }
}
