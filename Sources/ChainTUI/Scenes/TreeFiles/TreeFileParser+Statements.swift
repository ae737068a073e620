import Foundation

extension TreeFileParser {
  /// `scene ID ["Title"]`: once, naming the scene and its tab.
  mutating func sceneLine(_ word: ScriptToken, _ line: inout ScriptLine)
    throws(ScriptSyntaxError)
  {
    guard !sawScene else {
      throw line.error("expected one 'scene' line only", at: word)
    }
    let id = try identifier(&line, "a scene id")
    tree.id = id.name
    tree.idLocation = id.location
    tree.title = line.hasMore ? try line.quoted("the tab's title") : id.name
    try line.end(after: "scene ID \"Title\"")
  }

  /// Whether a `scene` line was read: an id from the file's name is placed at column 1, and a
  /// `scene` line's never is.
  private var sawScene: Bool { tree.idLocation.column != 1 }

  /// `panel NAME ["Title"] [axis=... weight=N length=N color=NAME log=N|off]`.
  mutating func panelDeclaration(_ line: inout ScriptLine, parent: Int?)
    throws(ScriptSyntaxError) -> TreePanel
  {
    let name = try identifier(&line, "a panel name")
    var panel = TreePanel(
      name: name.name, title: name.name, parent: parent, location: name.location)
    if let token = line.upcoming, token.isQuotedString {
      panel.title = try line.quoted("the panel's title")
    }
    let options = "axis=horizontal|vertical, weight=N, length=N, color=NAME or log=N|off"
    while line.hasMore {
      let token = try line.next("an option")
      let (key, value) = Self.split(token.text)
      let number = ScriptLine.number(value[...], upTo: 999)
      switch key {
      case "axis" where value == "horizontal": panel.axis = .horizontal
      case "axis" where value == "vertical": panel.axis = .vertical
      case "weight" where (number ?? 0) >= 1: panel.weight = number ?? 1
      case "length" where (number ?? 0) >= 1: panel.length = number
      case "log" where value == "off": panel.logRows = 0
      case "log" where number != nil: panel.logRows = number
      case "color" where Self.colors[value] != nil: panel.accent = Self.colors[value]
      default:
        throw line.error("expected an option (\(options)), found '\(token.text)'", at: token)
      }
    }
    return panel
  }

  /// `mount X under Y`: checked against the panels once the whole file is read.
  mutating func mountLine(_ line: inout ScriptLine) throws(ScriptSyntaxError) {
    let child = try identifier(&line, "the name of the panel to mount")
    _ = try line.keyword(["under"], after: "'mount \(child.name)'")
    let parent = try identifier(&line, "the name of its new parent")
    try line.end(after: "mount X under Y")
    tree.mounts.append(TreeMount(child: child, parent: parent))
  }

  /// `bind a.x b.y ...`: two or more fields, checked once the whole file is read.
  mutating func bindLine(_ line: inout ScriptLine) throws(ScriptSyntaxError) {
    var members: [(panel: TreeName, field: String)] = []
    repeat {
      let token = try line.next("a field as PANEL.FIELD")
      let parts = token.text.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy(Self.isIdentifier) else {
        throw line.error(
          "expected a field as PANEL.FIELD, such as form.email, found '\(token.text)'", at: token)
      }
      members.append(
        (TreeName(name: String(parts[0]), location: line.location(token.column)), String(parts[1])))
    } while line.hasMore
    guard members.count >= 2 else {
      throw line.error("expected at least two fields to bind, such as a.x b.y", at: nil)
    }
    tree.bindings.append(TreeBinding(members: members))
  }

  /// `bus subscribe CHANNEL` or `bus produce CHANNEL every DURATION`.
  mutating func busLine(_ line: inout ScriptLine, panel: Int) throws(ScriptSyntaxError) {
    let verb = try line.keyword(["subscribe", "produce"], after: "'bus'")
    let channel = try identifier(&line, "a channel name")
    if verb == "subscribe" {
      try line.end(after: "bus subscribe CHANNEL")
      tree.panels[panel].busSubscriptions.append(channel)
      return
    }
    _ = try line.keyword(["every"], after: "'bus produce \(channel.name)'")
    let interval = try line.duration()
    guard interval >= .milliseconds(10) else {
      throw line.error("expected an interval of at least 10ms", at: line.tokens.last)
    }
    try line.end(after: "bus produce CHANNEL every DURATION")
    tree.panels[panel].producers.append(
      TreeProducer(channel: channel.name, interval: interval, location: channel.location))
  }

  /// A name of letters, digits, `-` and `_`: a panel, event, key, field or channel.
  mutating func identifier(_ line: inout ScriptLine, _ what: String) throws(ScriptSyntaxError)
    -> TreeName
  {
    let token = try line.next(what)
    guard Self.isIdentifier(token.text[...]) else {
      throw line.error(
        "expected \(what) of letters, digits, '-' and '_', found '\(token.text)'", at: token)
    }
    return TreeName(name: token.text, location: line.location(token.column))
  }

  /// A value: a quoted string (which may be empty) or a bare word.
  mutating func value(_ line: inout ScriptLine, _ what: String) throws(ScriptSyntaxError)
    -> TreeText
  {
    TreeText(template: try line.next(what).text)
  }

  /// Whether a name is a non-empty run of letters, digits, `-` and `_`, at most 64 long.
  static func isIdentifier(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 64
      && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
  }

  /// `key=value` split at the first `=`; the value is empty when there is none.
  static func split(_ text: String) -> (String, String) {
    guard let equals = text.firstIndex(of: "=") else { return (text, "") }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  /// The border colours by name.
  static let colors: [String: Style.Color] = [
    "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow,
    "blue": .blue, "magenta": .magenta, "cyan": .cyan, "white": .white,
  ]

  /// "expected WHAT (a, b, c), found 'x'", with the nearest word when one is close.
  static func unknown(_ what: String, _ found: String, expected words: [String]) -> String {
    var message = "expected \(what) (\(words.joined(separator: ", "))), found '\(found)'"
    if let near = words.min(by: { distance($0, found) < distance($1, found) }),
      distance(near, found) <= max(1, min(3, near.count / 3))
    {
      message += "; did you mean '\(near)'?"
    }
    return message
  }

  /// The edit distance between two words, case-insensitively, for suggestions.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty, !b.isEmpty, a.count < 100, b.count < 100 else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return previous[b.count]
  }
}
