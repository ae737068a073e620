import ChainKit

/// Keys: the order in which the help overlay, the filter field, the focused panel, the
/// inspector and the global keys get a chance at each one.
extension App {
  /// Handles one key exactly as the terminal loop delivers it.
  package func press(_ key: Key) {
    switch key {
    case .resize(let width, let height):
      resize(to: Size(width: width, height: height))
      return
    case .ctrl("c"):
      quit()
      return
    default:
      break
    }
    // While the screen says "too small", nothing else it does not show may change: only a
    // resize and quitting act.
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
      if key == .character("q") { quit() }
      return
    }
    let hint = clickedKeyHint(key)
    flash = nil
    let scene = sceneIndex
    let newest = highestDispatchID
    if let hint { press(hint: hint) } else { route(key) }
    // A new dispatch supersedes the one being replayed: its marks show at once.
    if sceneIndex == scene, highestDispatchID != newest { modes.apply(.dispatched) }
  }

  /// Gives a key to the mode on top, the focused panel, the inspector and the global keys, in
  /// that order.
  func route(_ key: Key) {
    // F1-F6 switch scenes from anywhere: help, the filter field, a panel that binds them.
    if case .f(let number) = key {
      switchScene(to: number - 1, key: key)
      return
    }
    switch modes.top {
    case .help(let scroll):
      helpKey(key, scroll: scroll)
      return
    case .filter(typing: true):
      editFilter(key)
      return
    case .palette:
      paletteKey(key)
      return
    case .search(_, _, typing: true, _):
      editSearch(key)
      return
    default:
      break
    }
    if case .mouseClick(let x, let y) = key {
      click(Point(x: x, y: y))
      return
    }
    if case .mouseWheel(let up, let x, let y) = key {
      wheel(up: up, at: Point(x: x, y: y))
      return
    }
    // The search's keys come before the panel's, so a panel cannot hide them while it is open.
    if searchKey(key) { return }
    // A text field's keys act only while it is being typed into; otherwise digits switch scenes.
    // NB: the field test on the panel found, not through `focusedPanelIsField`, which finds it
    // again.
    if let panel = focusedPanel, !panel.answersDigits || modes.has(.field),
      let binding = Self.binding(of: key, in: panel.keys)
    {
      binding.action(key)
      if let word = panel.takeFlash() { flash = word }
      return
    }
    if modes.has(.inspector), inspectorKey(key) { return }
    globalKey(key)
  }

  /// Shows the scene at a tab index, or says there is none; the key of the scene on screen ends
  /// the modes as a switch to another would, so a scene key always leaves a clean scene.
  private func switchScene(to index: Int, key: Key) {
    guard scenes.indices.contains(index) else {
      flash = "\(KeyName.format(key)): no scene \(index + 1)"
      return
    }
    if index == sceneIndex {
      modes.apply(.sceneSwitched(field: focusedPanelIsField))
    } else {
      select(sceneAt: index)
    }
  }

  /// While help is open, scrolling keys scroll it and Esc closes it; any other key closes it
  /// too, and `q` still quits so the overlay never traps the user.
  private func helpKey(_ key: Key, scroll: Int) {
    let limit = helpOverlay.maxScroll(in: size)
    let page = max(1, helpOverlay.visibleRows(in: size) - 1)
    let scrolled: Int? =
      switch key {
      case .up: max(0, scroll - 1)
      case .down: min(limit, scroll + 1)
      case .pageUp: max(0, scroll - page)
      case .pageDown: min(limit, scroll + page)
      case .home: 0
      case .end: limit
      default: nil
      }
    if let scrolled {
      modes.apply(.open(.help(scroll: scrolled)))
      return
    }
    modes.apply(.close(.help))
    if key == .character("q") { quit() }
  }

  private func globalKey(_ key: Key) {
    switch key {
    case .character("q"): quit()
    case .character("?"): modes.apply(.open(.help(scroll: 0)))
    case .ctrl("p"), .character(":"): modes.apply(.open(.palette(query: "", selection: 0)))
    case .ctrl("x"): saveScreenshot()
    case .character("/"): openSearch()
    case .character("i"):
      modes.apply(modes.has(.inspector) ? .close(.inspector) : .open(.inspector))
    case Self.inspectorScreenKey: toggleInspectorScreen()
    case .character(let digit) where digit.isASCII && digit.isNumber:
      switchScene(to: (digit.wholeNumberValue ?? 0) - 1, key: key)
    case .tab: cycleFocus(by: 1)
    case .shiftTab: cycleFocus(by: -1)
    case .left, .right, .up, .down: moveFocus(key)
    case .pageUp, .pageDown, .home, .end: _ = logKey(key)
    case .character("z"): zoomOut()
    case .character("t"): showsTimestamps.toggle()
    case .character("n"): stepFlow()
    case .enter where focusedPanelIsField && !modes.has(.field): modes.apply(.open(.field))
    case .escape:
      if modes.top == .browse {
        flash = "esc: no mode to leave"
      } else {
        modes.apply(.escape)
      }
    default:
      flash = "\(KeyName.format(key)): no action here"
    }
  }

  /// The inspector's own keys; `false` when the key is not one of them.
  private func inspectorKey(_ key: Key) -> Bool {
    let ids = inspectorEntries.ids
    switch key {
    case .up: inspector.moveSelection(by: -1, in: ids)
    case .down: inspector.moveSelection(by: 1, in: ids)
    case .pageUp: inspector.moveSelection(by: -10, in: ids)
    case .pageDown: inspector.moveSelection(by: 10, in: ids)
    case .home: inspector.selectOldest(in: ids)
    case .end: inspector.selectNewest(in: ids)
    case .character("p"): inspector.togglePause(current: inspectorItems)
    case .character("f"): inspector.cycleScope()
    case .character("F"): inspector.cycleScope(by: -1)
    case .character("w"): cycleWhyPanel()
    case Self.traceExportKey: exportSessionTrace()
    case .character("/"): modes.apply(.open(.filter(typing: true)))
    default: return false
    }
    return true
  }

  /// The key that gives the inspector the whole screen and puts it back beside the panels.
  nonisolated static let inspectorScreenKey = Key.character("I")

  /// Gives the inspector the whole scene area or puts it back beside the panels; opens it on the
  /// whole area when it is closed.
  private func toggleInspectorScreen() {
    if modes.has(.inspector) {
      inspector.fillsScreen.toggle()
    } else {
      modes.apply(.open(.inspector))
      inspector.fillsScreen = true
    }
  }

  /// Keys typed into the inspector's filter: enter keeps what was typed (and leaves the filter
  /// mode when nothing was), esc clears it.
  private func editFilter(_ key: Key) {
    switch key {
    case .enter:
      modes.apply(
        inspector.filterText.isEmpty ? .close(.filter) : .open(.filter(typing: false)))
    case .escape: modes.apply(.escape)
    case .backspace, .delete: _ = inspector.filterText.popLast()
    case .character(let character): inspector.filterText.append(character)
    default: flash = "\(KeyName.format(key)): not in the filter (enter done, esc clear)"
    }
  }

  /// A click goes by the current layout, which is the frame on screen: the runner presents one
  /// after every key and timer.
  private func click(_ point: Point) {
    let hits = currentHits()
    if let tab = hits.tab(at: point) {
      select(sceneAt: tab)
    } else if let id = hits.inspectorEntry(at: point) {
      inspector.selectedID = id
    } else if let name = hits.panel(at: point) {
      // A click inside a container that is not a stop focuses the nearest stop above it; on
      // a collapsed row, the first stop inside, which opens the row's branch.
      guard let clicked = scene.panel(named: name) else { return }
      let isCollapsed = hits.panels.contains { $0.name == name && $0.isCollapsed }
      var panel: Panel? = clicked
      if isCollapsed, !clicked.isFocusStop {
        panel = clicked.first { $0 !== clicked && $0.isFocusStop }
      }
      while let candidate = panel, !candidate.isFocusStop { panel = candidate.parent }
      if let panel { _ = focus(panelNamed: panel.name) }
    }
  }

  /// Whether the focused panel is a text field: it takes the digits while the text field mode
  /// is open.
  var focusedPanelIsField: Bool {
    focusedPanel?.answersDigits ?? false
  }

  /// Whether digits type into the focused panel now, instead of switching scenes (the status
  /// line says so).
  var focusedPanelTakesDigits: Bool { modes.has(.field) && focusedPanelIsField }

  /// The inspector's entries for the scene on screen, as drawn.
  var inspectorEntries: InspectorEntries {
    inspector.entries(from: inspectorItems, focused: focusedPanel?.name)
  }
}

extension App {
  /// The first of a panel's keys that a key presses.
  ///
  /// NB: a loop, not `first(where:)`: a main-actor closure there checks the executor for each
  /// key it sees, and every key press asks.
  static func binding(of key: Key, in keys: [PanelKey]) -> PanelKey? {
    for binding in keys where binding.matches(key) { return binding }
    return nil
  }
}
