extension TreeFileParser {
  /// The most panels a tree file may have, and the deepest nesting.
  static let maximumPanels = 500
  static let maximumDepth = 32

  /// Checks what needs the whole file: the scene id, each panel's keys and fields, mounts
  /// (unknown panels, cycles) and bindings; every problem is added to ``errors``.
  mutating func checkWholeFile(reservedIDs: [String]) {
    if reservedIDs.contains(tree.id) {
      errors.append(
        ScriptSyntaxError(
          "expected a scene id of the tree's own; '\(tree.id)' is a built-in scene's"
            + " (name the scene with a line 'scene ID \"Title\"')", at: tree.idLocation))
    }
    if tree.panels.count > Self.maximumPanels, let extra = tree.panels.last {
      errors.append(
        ScriptSyntaxError(
          "expected at most \(Self.maximumPanels) panels; this file has \(tree.panels.count)",
          at: extra.location))
    }
    // Depths in one pass (a panel comes after its parent); only the first panel too deep on
    // each branch is reported, not every one below it.
    var depths: [Int] = []
    depths.reserveCapacity(tree.panels.count)
    for panel in tree.panels {
      let depth = panel.parent.map { depths[$0] + 1 } ?? 0
      depths.append(depth)
      if depth == Self.maximumDepth + 1 {
        errors.append(
          ScriptSyntaxError(
            "expected panels nested at most \(Self.maximumDepth) deep", at: panel.location))
      }
      checkPanel(panel)
    }
    checkMounts()
    checkBindings()
  }

  private mutating func checkPanel(_ panel: TreePanel) {
    for (index, key) in panel.keys.enumerated() {
      if let twin = panel.keys[..<index].first(where: { $0.key == key.key }) {
        errors.append(
          ScriptSyntaxError(
            "expected each key once per panel; '\(KeyName.format(key.key))' is already bound"
              + " at line \(twin.location.line)", at: key.location))
      }
      if case .set(let field, _) = key.action { checkField(field, of: panel, at: key.location) }
    }
    for (index, field) in panel.fields.enumerated()
    where panel.fields[..<index].contains(where: { $0.name == field.name }) {
      errors.append(
        ScriptSyntaxError(
          "expected each field once per panel; '\(field.name)' is already a field of"
            + " '\(panel.name)'", at: field.location))
    }
    for listener in panel.listeners {
      for action in listener.actions {
        if case .set(let field, _) = action.kind {
          checkField(field, of: panel, at: action.location)
        }
      }
    }
  }

  private mutating func checkField(_ name: String, of panel: TreePanel, at location: SourceLocation)
  {
    guard !panel.fields.contains(where: { $0.name == name }) else { return }
    let known = panel.fields.map(\.name)
    errors.append(
      ScriptSyntaxError(
        known.isEmpty
          ? "expected a field of panel '\(panel.name)', which has none; declare one under it"
            + " with 'field \(name) VALUE'"
          : Self.unknown("a field of panel '\(panel.name)'", name, expected: known),
        at: location))
  }

  /// Each mount names two panels, adds a parent the child does not have yet, and makes no
  /// cycle, counting the mounts above it.
  private mutating func checkMounts() {
    var parents = tree.panels.map { $0.parent.map { [$0] } ?? [] }
    var kept: [TreeMount] = []
    for mount in tree.mounts {
      guard let child = panelIndex(mount.child), let parent = panelIndex(mount.parent) else {
        continue
      }
      let childName = mount.child.name
      let parentName = mount.parent.name
      let problem: String? =
        if child == parent {
          "cannot mount '\(childName)' under itself"
        } else if parents[child].contains(parent) {
          "'\(childName)' is already under '\(parentName)'"
        } else if isAtOrBelow(parent, child, parents: parents) {
          "cannot mount '\(childName)' under '\(parentName)': '\(parentName)' is already below"
            + " '\(childName)', so the tree would have a cycle"
        } else {
          nil
        }
      if let problem {
        errors.append(ScriptSyntaxError(problem, at: mount.parent.location))
        continue
      }
      parents[child].append(parent)
      kept.append(mount)
    }
    tree.mounts = kept
  }

  /// Whether `node` is `top` or below it, following every parent.
  private func isAtOrBelow(_ node: Int, _ top: Int, parents: [[Int]]) -> Bool {
    var stack = [node]
    var seen: Set<Int> = []
    while let next = stack.popLast() {
      if next == top { return true }
      guard seen.insert(next).inserted else { continue }
      stack += parents[next]
    }
    return false
  }

  private mutating func checkBindings() {
    for binding in tree.bindings {
      var seen: Set<String> = []
      for member in binding.members {
        guard let index = panelIndex(member.panel) else { continue }
        let location = member.panel.location
        guard seen.insert("\(member.panel.name).\(member.field)").inserted else {
          errors.append(
            ScriptSyntaxError(
              "expected each field once per binding; '\(member.panel.name).\(member.field)'"
                + " is given twice", at: location))
          continue
        }
        checkField(member.field, of: tree.panels[index], at: location)
      }
    }
  }

  /// The panel a name refers to, or an error at the name.
  private mutating func panelIndex(_ name: TreeName) -> Int? {
    if let index = tree.index(ofPanel: name.name) { return index }
    errors.append(
      ScriptSyntaxError(
        Self.unknown("a panel of this file", name.name, expected: tree.panels.map(\.name)),
        at: name.location))
    return nil
  }
}
