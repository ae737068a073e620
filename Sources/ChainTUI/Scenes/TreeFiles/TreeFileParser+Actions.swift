extension TreeFileParser {
  /// The listener actions, for messages and suggestions.
  static let actions = [
    "log", "handle", "stopPropagation", "stopImmediatePropagation", "preventDefault", "throw",
    "decorate", "share", "post", "set", "answer", "decline",
  ]

  /// Keys the explorer itself needs everywhere; a panel key would hide them on that panel.
  ///
  /// NB: every key of the explorer's global keys (`App`'s `globalKey`) belongs here; a panel
  /// key is tried first, so one left out would silently stop working on that panel.
  static let reservedKeys: [Key: String] = {
    var keys: [Key: String] = [
      .character("q"): "quits", .character("?"): "shows the help",
      .character("i"): "opens the inspector", .character("t"): "shows the log lines' times",
      .character("z"): "zooms the focused panel", .character("n"): "replays a dispatch hop by hop",
      .tab: "moves focus", .shiftTab: "moves focus", .escape: "closes the inspector",
      .up: "moves focus", .down: "moves focus", .left: "moves focus", .right: "moves focus",
      .pageUp: "scrolls the log", .pageDown: "scrolls the log", .home: "scrolls the log",
      .end: "scrolls the log", .ctrl("c"): "quits",
      .ctrl("p"): "opens the command palette", .character(":"): "opens the command palette",
      .character("/"): "searches the log", App.nextMatchKey: "goes to the next match",
      App.previousMatchKey: "goes to the previous match",
      .ctrl("x"): "saves the screen as an SVG picture",
      App.inspectorScreenKey: "gives the inspector the whole screen",
      App.traceExportKey: "exports the session's trace from the inspector",
    ]
    for digit in 1...9 { keys[.character(Character(String(digit)))] = "switches scenes" }
    for number in 1...12 { keys[.f(number)] = "switches scenes" }
    return keys
  }()

  /// `key KEY "label" post|request|publish|set ...`.
  mutating func keyLine(_ line: inout ScriptLine) throws(ScriptSyntaxError) -> TreeKey {
    let keyToken = line.upcoming
    let key = try line.key()
    if case .mouseClick = key {
      throw line.error("expected a key; a click is not one a panel can bind", at: keyToken)
    }
    if case .mouseWheel = key {
      throw line.error("expected a key; a click is not one a panel can bind", at: keyToken)
    }
    if case .unbound(let name) = key {
      throw line.error(
        "expected a key ChainTUI names; '\(name)' is one terminals send differently or not at"
          + " all, so no panel binds it", at: keyToken)
    }
    if let job = Self.reservedKeys[key] {
      throw line.error(
        "expected a key of the panel's own; '\(KeyName.format(key))' \(job) everywhere",
        at: keyToken)
    }
    let label = try line.quoted("the key's label")
    let verbs = ["post", "request", "publish", "set"]
    let verb = try line.next("what the key does (\(verbs.joined(separator: ", ")))")
    let action: TreeKeyAction
    switch verb.isQuotedString ? "" : verb.text {
    case "post": action = .post(try identifier(&line, "an event name").name, try params(&line))
    case "request":
      action = .request(try identifier(&line, "a request name").name, try params(&line))
    case "publish":
      action = .publish(
        try identifier(&line, "a channel name").name, try value(&line, "the value to publish"))
    case "set":
      action = .set(
        try identifier(&line, "a field of this panel").name, try value(&line, "the new value"))
    default:
      throw line.error(Self.unknown("what the key does", verb.text, expected: verbs), at: verb)
    }
    try line.end(after: "key KEY \"label\" \(verb.text) ...")
    return TreeKey(
      key: key, label: label, action: action, location: line.location(keyToken?.column ?? 1))
  }

  /// `on NAME [capture|bubble] [ACTION ...]`; no action means `log`.
  mutating func listenerLine(_ word: ScriptToken, _ line: inout ScriptLine)
    throws(ScriptSyntaxError) -> TreeListener
  {
    let name = try identifier(&line, "an event or request name")
    var capture = false
    if let phase = line.upcoming, phase.text == "capture" || phase.text == "bubble" {
      capture = try line.next("a phase").text == "capture"
    }
    var actions: [TreeAction] = []
    while line.hasMore { actions.append(try action(&line)) }
    if actions.isEmpty { actions = [TreeAction(kind: .log, location: line.location(word.column))] }
    let listener = TreeListener(
      name: name.name, capture: capture, actions: actions, location: name.location)
    try check(listener)
    return listener
  }

  /// One listener action and its arguments.
  private mutating func action(_ line: inout ScriptLine) throws(ScriptSyntaxError) -> TreeAction {
    let word = try line.next("an action")
    let kind: TreeAction.Kind
    switch word.isQuotedString ? "" : word.text {
    case "log": kind = .log
    case "handle": kind = .handle
    case "stopPropagation": kind = .stopPropagation
    case "stopImmediatePropagation": kind = .stopImmediatePropagation
    case "preventDefault": kind = .preventDefault
    case "decline": kind = .decline
    case "throw": kind = .throwError(try line.quoted("the error's message"))
    case "answer": kind = .answer(try value(&line, "the answer"))
    case "decorate":
      let added = try params(&line)
      guard !added.isEmpty else {
        throw line.error("expected params to add after 'decorate', such as room=general", at: nil)
      }
      kind = .decorate(added)
    case "share":
      kind = .share(
        try identifier(&line, "a data key").name, try value(&line, "the value to share"))
    case "post": kind = .post(try identifier(&line, "an event name").name, try params(&line))
    case "set":
      kind = .set(
        try identifier(&line, "a field of this panel").name, try value(&line, "the new value"))
    default:
      throw line.error(Self.unknown("an action", word.text, expected: Self.actions), at: word)
    }
    return TreeAction(kind: kind, location: line.location(word.column))
  }

  /// The `name=value` params that follow, as many as there are.
  private mutating func params(_ line: inout ScriptLine) throws(ScriptSyntaxError) -> [TreeParam] {
    var params: [TreeParam] = []
    while let token = line.upcoming, token.text.contains("="), !token.isQuotedString {
      _ = try line.next("a param")
      let (name, value) = Self.split(token.text)
      guard Self.isIdentifier(name[...]) else {
        throw line.error("expected a param as name=value, found '\(token.text)'", at: token)
      }
      guard !params.contains(where: { $0.name == name }) else {
        throw line.error("expected each param once; '\(name)' is given twice", at: token)
      }
      params.append(TreeParam(name: name, value: TreeText(template: value)))
    }
    return params
  }

  /// A listener's actions must fit together: a responder answers or declines (and may log or
  /// throw), an event listener does the rest, and interceptors belong to the way up.
  private func check(_ listener: TreeListener) throws(ScriptSyntaxError) {
    let answers = listener.actions.filter { $0.kind == .decline || $0.kind.isAnswer }
    if answers.count > 1 {
      throw ScriptSyntaxError(
        "expected one 'answer' or 'decline' per request; the first one decides",
        at: answers[1].location)
    }
    for action in listener.actions {
      switch action.kind {
      case .log, .throwError: continue
      case .answer, .decline:
        if listener.capture {
          throw ScriptSyntaxError(
            "expected no 'capture' on a responder: a request walks up only", at: action.location)
        }
      case .decorate where listener.capture:
        throw ScriptSyntaxError(
          "expected 'decorate' without 'capture': it rewrites params on the way up (an"
            + " interceptor), which capture listeners never see", at: action.location)
      default:
        if !answers.isEmpty {
          throw ScriptSyntaxError(
            "expected only 'log' or 'throw' beside 'answer' or 'decline': this 'on' line"
              + " answers a request, and '\(action.kind.word)' is for events", at: action.location)
        }
      }
    }
  }
}

extension TreeAction.Kind {
  /// Whether this is `answer "..."`.
  var isAnswer: Bool {
    if case .answer = self { return true }
    return false
  }

  /// The action's word in a tree file.
  var word: String {
    switch self {
    case .log: "log"
    case .handle: "handle"
    case .stopPropagation: "stopPropagation"
    case .stopImmediatePropagation: "stopImmediatePropagation"
    case .preventDefault: "preventDefault"
    case .throwError: "throw"
    case .decorate: "decorate"
    case .share: "share"
    case .post: "post"
    case .set: "set"
    case .answer: "answer"
    case .decline: "decline"
    }
  }
}
