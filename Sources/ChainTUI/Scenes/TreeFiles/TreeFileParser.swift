/// Turns tree-file text into a ``TreeFile``, collecting every problem with its file, line and
/// column rather than stopping at the first.
///
/// Lines are tokenized as script lines are (blanks separate words, quotes group, `#` starts a
/// comment), and indentation (spaces only) nests statements under the `panel` line above them.
/// A line with a problem is skipped; a `panel` line with one still opens a block, so the lines
/// under it are checked without a cascade of follow-on errors. Nothing traps, whatever the input.
struct TreeFileParser {
  /// The file being built.
  var tree: TreeFile
  /// Every problem found so far, in the order of the lines.
  var errors: [ScriptSyntaxError] = []
  /// The open `panel` blocks, outermost first.
  private var frames: [Frame] = []

  /// A `panel` line's block: its indentation, the panel (`nil` when the line had a problem),
  /// and the indentation of the lines under it, once one was seen.
  private struct Frame {
    var indent: Int
    var panel: Int?
    var bodyIndent: Int?
  }

  /// The statements a panel's block may hold, for messages and suggestions.
  static let panelStatements = ["panel", "text", "key", "on", "share", "subscribe", "field", "bus"]
  /// The statements that go at the top level, without indentation.
  static let topStatements = ["scene", "flow", "panel", "mount", "bind"]

  init(file: String, defaultID: String) {
    tree = TreeFile(
      file: file, id: defaultID, idLocation: SourceLocation(file: file, line: 1, column: 1),
      title: defaultID)
  }

  /// Parses a whole file's bytes, line by line.
  mutating func parse(bytes: [UInt8]) {
    var number = 0
    for var lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      if lineBytes.last == 0x0D { lineBytes = lineBytes.dropLast() }
      do throws(ScriptSyntaxError) {
        let text = try ScriptParser.decode(Array(lineBytes), file: tree.file, line: number)
        var line = try ScriptLine(text: text, file: tree.file, number: number)
        guard let first = line.tokens.first else { continue }
        if let tab = text.prefix(first.column - 1).firstIndex(of: "\t") {
          let column = text.distance(from: text.startIndex, to: tab) + 1
          throw line.error(
            "expected spaces for indentation, found a tab; tabs show at different widths",
            at: ScriptToken(text: "\t", column: column, isQuotedString: false, endColumn: column))
        }
        try statement(&line, indent: first.column - 1)
      } catch {
        errors.append(error)
      }
    }
    if tree.panels.isEmpty {
      errors.append(
        ScriptSyntaxError(
          "expected a root panel: a 'panel NAME' line without indentation",
          at: SourceLocation(file: tree.file, line: max(1, number), column: 1)))
    }
  }

  /// Places one line in the block structure and parses it there.
  private mutating func statement(_ line: inout ScriptLine, indent: Int)
    throws(ScriptSyntaxError)
  {
    while let top = frames.last, top.indent >= indent { frames.removeLast() }
    let word = try line.next("a statement")
    guard let top = frames.last else {
      guard indent == 0 else {
        throw line.error(
          "expected no indentation here: there is no panel above this line to belong to",
          at: word)
      }
      return try topLevel(word, &line)
    }
    let depth = frames.count - 1
    if let expected = top.bodyIndent, expected != indent {
      throw line.error(
        "expected this line to line up with the other lines under the panel above"
          + " (indented by \(expected) spaces), or with an enclosing panel", at: word)
    }
    frames[depth].bodyIndent = indent
    guard let panel = top.panel else {
      // Under a panel line that had a problem: check the line against a scratch panel and
      // keep nothing, so its own mistakes are reported but nothing follows from the bad one.
      if word.text == "panel" {
        frames.append(Frame(indent: indent, panel: nil))
        _ = try panelDeclaration(&line, parent: nil)
        return
      }
      // NB: the scratch panel is taken off again, not the whole tree restored from a copy:
      // a copy per line made a file of many such lines quadratic.
      tree.append(TreePanel(name: "", title: "", parent: nil, location: line.location(1)))
      defer { tree.removeLastPanel() }
      try panelLevel(word, &line, panel: tree.panels.count - 1, indent: indent)
      return
    }
    try panelLevel(word, &line, panel: panel, indent: indent)
  }

  /// A statement without indentation.
  private mutating func topLevel(_ word: ScriptToken, _ line: inout ScriptLine)
    throws(ScriptSyntaxError)
  {
    switch word.isQuotedString ? "" : word.text {
    case "scene": try sceneLine(word, &line)
    case "flow":
      tree.flow.append(try line.quoted("a line of help text"))
      try line.end(after: "flow \"...\"")
    case "panel":
      guard tree.panels.isEmpty else {
        let root = tree.panels[0]
        frames.append(Frame(indent: 0, panel: nil))
        throw line.error(
          "expected one root panel; '\(root.name)' at line \(root.location.line) is the root,"
            + " so indent this panel under a panel, or mount it with 'mount X under Y'", at: word)
      }
      try panelLine(word, &line, parent: nil, indent: 0)
    case "mount": try mountLine(&line)
    case "bind": try bindLine(&line)
    default:
      if Self.panelStatements.contains(word.text) {
        throw line.error(
          "expected '\(word.text)' inside a panel: indent it under the panel it belongs to",
          at: word)
      }
      throw line.error(
        Self.unknown("a statement", word.text, expected: Self.topStatements), at: word)
    }
  }

  /// A statement in a panel's block.
  private mutating func panelLevel(
    _ word: ScriptToken, _ line: inout ScriptLine, panel: Int, indent: Int
  ) throws(ScriptSyntaxError) {
    switch word.isQuotedString ? "" : word.text {
    case "panel": try panelLine(word, &line, parent: panel, indent: indent)
    case "text":
      tree.panels[panel].texts.append(try line.quoted("the text"))
      try line.end(after: "text \"...\"")
    case "key": tree.panels[panel].keys.append(try keyLine(&line))
    case "on": tree.panels[panel].listeners.append(try listenerLine(word, &line))
    case "share":
      let key = try identifier(&line, "a data key")
      let value = try value(&line, "the value to share")
      try line.end(after: "share KEY VALUE")
      tree.panels[panel].shares.append(
        TreeShare(key: key.name, value: value, location: key.location))
    case "subscribe":
      tree.panels[panel].subscriptions.append(try identifier(&line, "a data key"))
      try line.end(after: "subscribe KEY")
    case "field":
      let name = try identifier(&line, "a field name")
      let initial = line.hasMore ? try value(&line, "the field's first value").template : ""
      try line.end(after: "field NAME VALUE")
      tree.panels[panel].fields.append(
        TreeField(name: name.name, initial: initial, location: name.location))
    case "bus": try busLine(&line, panel: panel)
    default:
      if Self.topStatements.contains(word.text) {
        throw line.error(
          "expected '\(word.text)' at the top level, without indentation", at: word)
      }
      throw line.error(
        Self.unknown("a statement", word.text, expected: Self.panelStatements), at: word)
    }
  }

  /// Opens a panel's block; a line with a problem still opens one, holding nothing.
  private mutating func panelLine(
    _ word: ScriptToken, _ line: inout ScriptLine, parent: Int?, indent: Int
  ) throws(ScriptSyntaxError) {
    frames.append(Frame(indent: indent, panel: nil))
    let panel = try panelDeclaration(&line, parent: parent)
    if let twin = tree.index(ofPanel: panel.name) {
      throw ScriptSyntaxError(
        "expected a new panel name; '\(panel.name)' is already the panel at line"
          + " \(tree.panels[twin].location.line) (logs and scripts find panels by name)",
        at: panel.location)
    }
    tree.append(panel)
    frames[frames.count - 1].panel = tree.panels.count - 1
  }
}
