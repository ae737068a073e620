/// The help box shown over the screen on `?`: the global keys, the focused panel's keys, and
/// how events flow in the scene on screen.
///
/// Lines wrap to the box; a help longer than the screen scrolls (up, down, PgUp, PgDn, Home,
/// End) and says how much is above and below. Global keys the focused panel takes for itself
/// (a text field types `q` and digits) are not advertised.
@MainActor
struct HelpOverlay {
  let theme: Theme
  let scene: any Scene
  let keys: [PanelKey]
  /// How many scenes the tabs show, for the keys that switch among them.
  let sceneCount: Int
  /// Whether the focused text field takes the digits now (the text field mode is open).
  var fieldTypes = false
  /// The first wrapped line shown.
  var scroll = 0

  /// Whether the focused panel takes `key` before the global keys see it: a text field takes
  /// its keys only while it is typed into.
  private func taken(_ key: Key) -> Bool {
    guard fieldTypes || !isField else { return false }
    return keys.contains { $0.matches(key) }
  }

  /// Whether the focused panel is a text field (it takes the digits).
  private var isField: Bool {
    PanelKey.digits.contains { digit in keys.contains { $0.matches(digit) } }
  }

  /// "1-6, F1-F6" for six scenes; digits go up to 9 and function keys to F12; without digits
  /// when the focused panel types them.
  private var sceneKeys: String {
    let functionKeys = sceneCount == 1 ? "F1" : "F1-F\(min(sceneCount, 12))"
    if taken(.character("1")) { return functionKeys }
    return (sceneCount == 1 ? "1, " : "1-\(min(sceneCount, 9)), ") + functionKeys
  }

  /// Every line of the help, before wrapping.
  var lines: [StyledLine] {
    var lines: [StyledLine] = [
      StyledLine("Keys everywhere", style: theme.emphasis),
      "  \(sceneKeys.padding(12)) switch scene (or click a tab)",
      "  Tab S-Tab    next / previous panel (or click one)",
      "  arrows       move focus in that direction",
      "  PgUp PgDn    scroll a log (or the wheel); z zoom, t timestamps",
    ]
    // One row for both, so the scene's flow still shows on the first screen of a 24-row help.
    lines.append(
      taken(.character("/"))
        ? "  Ctrl-P :     palette: a panel, scene or command"
        : "  Ctrl-P :     palette: a panel, scene or command; / search a log")
    if !taken(.character("i")) {
      lines.append(
        StyledLine(
          "  i            inspector: up/down PgUp/PgDn Home/End select, / filter, f F scope by"
            + " kind, w why, p pause, E export trace, I whole screen (esc: see Modes)"))
    }
    if !taken(.character("n")) {
      lines.append("  n            replay the last dispatch hop by hop")
    }
    lines += [
      StyledLine(
        "  [bub handled]  border mark: the phase (cap tgt bub req) and what ran there:"
          + " handled, decorated, rewrote, stopped, answered, declined, threw or passed"),
      taken(.character("q"))
        ? "  ?            this help   Ctrl-C quit   Ctrl-X screen as SVG"
        : "  ?            this help   q, Ctrl-C quit   Ctrl-X screen as SVG",
    ]
    if !keys.isEmpty {
      lines.append(
        StyledLine("Focused panel (a click on a key's hint presses it)", style: theme.emphasis))
      for key in keys { lines.append(StyledLine("  \(key.displayName.padding(12))  \(key.label)")) }
    }
    lines.append(StyledLine("How events flow: \(scene.title)", style: theme.emphasis))
    for line in scene.flow { lines.append(StyledLine("  " + line)) }
    lines.append(
      StyledLine("Modes: esc ends each, and so does a scene switch", style: theme.emphasis))
    lines.append("  the status line shows the focused panel and, at its right, the mode's keys")
    lines += modeLines
    lines += Self.mouseLines(theme: theme)
    lines += [
      StyledLine("Legend", style: theme.emphasis),
      "  tgt cap bub  a log line at the target, on the way down (capture), on the way up",
      "  req          a request walking up to its answer",
      "  +N           log lines out of view: scroll, or z to zoom (z again: the panel above)",
      StyledLine("  red line     a listener or responder threw", style: Style(foreground: .red)),
      "  • └ ?        inspector: an event, a nested dispatch, a request",
      "  ◆ ▾ ⇄ +      inspector: a bus record, data, a binding, a mount",
    ]
    return lines
  }

  /// Each mode's keys and how it ends.
  private var modeLines: [StyledLine] {
    var lines: [StyledLine] = []
    if !taken(.character("n")) {
      lines.append(
        StyledLine(
          "  replay       n next hop; ends after the last hop, on a new event or a focus change"))
    }
    if !taken(.character("z")) {
      lines.append(
        StyledLine(
          "  zoom         z the panel above (past the root it ends), PgUp PgDn Home End scroll;"
            + " the status line says how many lines the log kept and dropped"))
    }
    if !taken(.character("i")) {
      lines += [
        StyledLine(
          "  inspector    i or esc closes it; I gives it the whole screen and back; a zoom and"
            + " the inspector replace each other"),
        "  why          w the next panel; esc turns it off, the inspector stays",
        "  filter       type, enter keeps it (/ edits it again), esc clears it",
      ]
    }
    if isField {
      lines.append(
        StyledLine(
          "  text field   digits type, backspace deletes; esc leaves it (digits switch scenes"
            + " again), enter types again; a focus change leaves it"))
    }
    lines.append(
      StyledLine(
        "  palette      type to narrow, up/down select, enter jumps to a panel, scene or record"
          + " or runs the command; esc or Ctrl-P closes it"))
    if !taken(.character("/")) {
      lines.append(
        StyledLine(
          "  search       type the text, enter keeps it; . next match, , previous (they wrap),"
            + " / edits it; esc, a focus change or another zoom ends it"))
    }
    lines.append("  help         up/down PgUp/PgDn scroll; esc or any other key closes it")
    return lines
  }

  /// What the mouse does, and how to leave it to the terminal.
  static func mouseLines(theme: Theme) -> [StyledLine] {
    [
      StyledLine("Mouse (off: --no-mouse or NO_MOUSE)", style: theme.emphasis),
      StyledLine(
        "  click        a tab: its scene; a panel: focus it; a key hint in a border or the"
          + " status line: press it; an inspector row: select it"),
      "  wheel        scroll the log under the pointer; over the inspector, move its selection",
    ]
  }

  /// The help's lines wrapped to `width` columns; a wrapped line keeps its indent.
  func wrapped(to width: Int) -> [StyledLine] {
    lines.flatMap { line in
      TextWrap.lines(line.text, width: width).map { StyledLine($0, style: line.style) }
    }
  }

  /// The box the help takes on a grid of this size.
  func box(in size: Size) -> Rect {
    let width = max(1, min(size.width - 2, 70))
    let content = wrapped(to: max(1, width - 4)).count + 3
    let height = max(1, min(size.height - 2, content))
    return Rect(
      x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
  }

  /// How many wrapped lines the help shows at once on a grid of this size.
  func visibleRows(in size: Size) -> Int { max(0, box(in: size).height - 3) }

  /// How far the help can scroll on a grid of this size.
  func maxScroll(in size: Size) -> Int {
    let box = box(in: size)
    let rows = max(0, box.height - 3)
    return max(0, wrapped(to: max(1, box.width - 4)).count - rows)
  }

  func draw(into grid: inout Grid) {
    let box = box(in: grid.size)
    guard box.width >= 8, box.height >= 3 else { return }
    grid.fill(box)
    grid.drawBox(box, title: "Help", style: theme(Style(foreground: .yellow, bold: true)))
    let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
    let all = wrapped(to: inner.width)
    let rows = max(0, inner.height - 1)
    let first = min(max(0, scroll), max(0, all.count - rows))
    for (offset, line) in all.dropFirst(first).prefix(rows).enumerated() {
      grid.put(
        line.text, at: Point(x: inner.x, y: inner.y + offset), style: theme(line.style),
        maxWidth: inner.width)
    }
    let below = max(0, all.count - first - rows)
    let footer =
      first == 0 && below == 0
      ? "any key closes this help"
      : "\(first > 0 ? "+\(first) above " : "")\(below > 0 ? "+\(below) below " : "")"
        + "(up/down PgUp/PgDn) · other keys close"
    grid.put(
      footer, at: Point(x: inner.x, y: inner.y + inner.height - 1), style: theme(theme.hint),
      maxWidth: inner.width)
  }
}

extension String {
  /// The string padded with spaces to at least `width` columns.
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
  }
}
