extension ScriptLine {
  /// Parses the line's command and adds it to the script.
  mutating func parse(into script: inout Script) throws(ScriptSyntaxError) {
    let command = try next("a command")
    let step = { [self] (action: ScriptAction) in
      ScriptStep(location: location(command.column), source: source, action: action)
    }
    switch command.isQuotedString ? "" : command.text {
    case "size", "scene":
      try header(command, into: &script)
    case "tree":
      guard script.steps.isEmpty else {
        throw error(
          "expected 'tree' before the first action or expectation; it sets which scenes the"
            + " app starts with", at: command)
      }
      let path = try name("a tree file's path")
      try end(after: "tree FILE")
      script.trees.append(
        ScriptTree(path: path, location: location(command.column), source: source))
    case "press":
      var keys: [Key] = []
      repeat { keys.append(try key()) } while hasMore
      script.steps.append(step(.press(keys)))
    case "type":
      let text = try quoted("the text to type")
      try end(after: "type \"...\"")
      script.steps.append(step(.type(text)))
    case "bytes":
      let text = try quoted("the bytes to send")
      try end(after: "bytes \"...\"")
      script.steps.append(step(.bytes(Array(text.utf8))))
    case "resize":
      let size = try size()
      try end(after: "resize WxH")
      script.steps.append(step(.resize(size)))
    case "tick":
      let duration = try duration()
      try end(after: "tick DURATION")
      script.steps.append(step(.tick(duration)))
    case "focus":
      let panel = try name("a panel name")
      try end(after: "focus PANEL")
      script.steps.append(step(.focus(panel)))
    case "expect":
      script.steps.append(step(.expect(try expectation())))
    case "snapshot":
      let name = try snapshotName()
      try end(after: "snapshot NAME")
      script.steps.append(step(.snapshot(name)))
    case "cast":
      let path = try name("the cast file's path")
      try end(after: "cast FILE")
      script.steps.append(step(.cast(path)))
    case "svg":
      let path = try name("the SVG file's path")
      try end(after: "svg FILE")
      script.steps.append(step(.svg(path)))
    default:
      throw error(
        "expected a command (\(ScriptParser.commands)), found '\(command.text)'", at: command)
    }
  }

  /// `size WxH` and `scene NAME`: once each, before the first step, since they pick how the app
  /// is created.
  private mutating func header(_ command: ScriptToken, into script: inout Script)
    throws(ScriptSyntaxError)
  {
    guard script.steps.isEmpty else {
      throw error(
        "expected '\(command.text)' before the first action or expectation;"
          + " it sets how the app starts (use 'resize WxH' later on)", at: command)
    }
    if command.text == "size" {
      guard script.size == nil else { throw error("expected one 'size' line only", at: command) }
      script.size = try size()
      try end(after: "size WxH")
    } else {
      guard script.scene == nil else { throw error("expected one 'scene' line only", at: command) }
      script.scene = try name("a scene name")
      try end(after: "scene NAME")
    }
  }

  /// A snapshot name: letters, digits, `-`, `_` and `.`, not starting with a dot, so it is a
  /// plain file name and never a path.
  private mutating func snapshotName() throws(ScriptSyntaxError) -> String {
    let token = try next("a snapshot name")
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    guard !token.text.isEmpty, token.text.count <= 100, token.text.first != ".",
      token.text.allSatisfy(allowed.contains)
    else {
      throw error(
        "expected a snapshot name of letters, digits, '-', '_' and '.' (not starting with '.'),"
          + " found '\(token.text)'", at: token)
    }
    return token.text
  }
}
