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
    // F1-F6 switch scenes from anywhere: help, the filter field, a panel that binds them.
    if case .f(let number) = key {
      showsHelp = false
      inspector.isEditingFilter = false
      select(sceneAt: number - 1)
      return
    }
    if showsHelp {
      helpKey(key)
      return
    }
    if inspector.isEditingFilter {
      editFilter(key)
      return
    }
    if case .mouseClick(let x, let y) = key {
      click(Point(x: x, y: y))
      return
    }
    if case .mouseWheel(let up, let x, let y) = key {
      wheel(up: up, at: Point(x: x, y: y))
      return
    }
    if let panel = focusedPanel, let binding = panel.keys.first(where: { $0.matches(key) }) {
      binding.action(key)
      return
    }
    if inspector.isVisible, inspectorKey(key) { return }
    globalKey(key)
  }

  /// While help is open, scrolling keys scroll it; any other key closes it, and `q` still
  /// quits so the overlay never traps the user.
  private func helpKey(_ key: Key) {
    let limit = helpOverlay.maxScroll(in: size)
    switch key {
    case .up: helpScroll = max(0, helpScroll - 1)
    case .down: helpScroll = min(limit, helpScroll + 1)
    case .pageUp: helpScroll = max(0, helpScroll - 5)
    case .pageDown: helpScroll = min(limit, helpScroll + 5)
    case .home: helpScroll = 0
    case .end: helpScroll = limit
    default:
      showsHelp = false
      if key == .character("q") { quit() }
    }
  }

  private func globalKey(_ key: Key) {
    switch key {
    case .character("q"): quit()
    case .character("?"):
      showsHelp = true
      helpScroll = 0
    case .character("i"): inspector.isVisible.toggle()
    case .character(let digit) where digit.isASCII && digit.isNumber:
      select(sceneAt: (digit.wholeNumberValue ?? 0) - 1)
    case .tab: cycleFocus(by: 1)
    case .shiftTab: cycleFocus(by: -1)
    case .left, .right, .up, .down: moveFocus(key)
    case .pageUp, .pageDown, .home, .end: _ = logKey(key)
    case .character("z"): zoomOut()
    case .character("t"): showsTimestamps.toggle()
    case .character("n"): stepFlow()
    case .escape: if !leaveZoom() { inspector.isVisible = false }
    default: break
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
    case .character("/"): inspector.isEditingFilter = true
    // esc undoes the inspector's narrowing one step at a time: the filter, then "why"; only
    // then does it close the inspector (help and the README say so).
    case .escape where !inspector.filterText.isEmpty: inspector.filterText = ""
    case .escape where inspector.whyPanel != nil: inspector.whyPanel = nil
    default: return false
    }
    return true
  }

  private func editFilter(_ key: Key) {
    switch key {
    case .enter: inspector.isEditingFilter = false
    case .escape:
      inspector.isEditingFilter = false
      inspector.filterText = ""
    case .backspace, .delete: _ = inspector.filterText.popLast()
    case .character(let character): inspector.filterText.append(character)
    default: break
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

  /// Whether the focused panel is a text field that takes the digits, so `1`-`9` type there
  /// instead of switching scenes (the status line says so).
  var focusedPanelTakesDigits: Bool {
    guard let keys = focusedPanel?.keys else { return false }
    return PanelKey.digits.contains { digit in keys.contains { $0.matches(digit) } }
  }

  /// The inspector's entries for the scene on screen, as drawn.
  var inspectorEntries: InspectorEntries {
    inspector.entries(from: inspectorItems, focused: focusedPanel?.name)
  }
}
