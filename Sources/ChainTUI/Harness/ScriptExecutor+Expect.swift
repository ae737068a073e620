extension ScriptExecutor {
  /// Checks an expectation against the target now.
  ///
  /// - Returns: `nil` when it holds; otherwise what was found instead.
  func check(_ expectation: ScriptExpectation) -> String? {
    let screen = target.render()
    switch expectation {
    case .screenContains(let text):
      return screen.text.contains(text) ? nil : "the screen does not contain \"\(text)\""
    case .screenDoesNotContain(let text):
      guard screen.text.contains(text) else { return nil }
      let row = (0..<screen.height).first { screen.row($0).contains(text) }
      return "the screen contains \"\(text)\"" + (row.map { " (row \($0))" } ?? "")
    case .row(let number, let text):
      guard number < screen.height else {
        return "there is no row \(number): the screen has rows 0 to \(screen.height - 1)"
      }
      let actual = screen.row(number)
      return actual == text ? nil : "row \(number) is \"\(actual)\""
    case .logContains(let panel, let text):
      guard let log = target.log(ofPanel: panel) else {
        return target.unknownPanel(panel)
      }
      if log.contains(where: { $0.contains(text) }) { return nil }
      let tail = log.suffix(10).map { "    \($0)" }
      return "no line of \(panel)'s log contains \"\(text)\"; its last lines:\n"
        + (tail.isEmpty ? "    (empty)" : tail.joined(separator: "\n"))
    case .logDoesNotContain(let panel, let text):
      guard let log = target.log(ofPanel: panel) else {
        return target.unknownPanel(panel)
      }
      guard let line = log.first(where: { $0.contains(text) }) else { return nil }
      return "\(panel)'s log has the line \"\(line)\""
    case .whyContains(let panel, let dispatch, let text):
      guard let why = target.why(ofPanel: panel, dispatch: dispatch) else {
        guard target.panelNames.all.contains(panel) else { return target.unknownPanel(panel) }
        return dispatch == nil
          ? "there is no dispatch yet to explain" : "no kept dispatch matches those fields"
      }
      if why.contains(where: { $0.contains(text) }) { return nil }
      let subject = dispatch == nil ? "why \(panel)" : "why \(panel) for that dispatch"
      return "no line of \(subject) contains \"\(text)\"; it says:\n"
        + why.map { "    \($0)" }.joined(separator: "\n")
    case .event(let pattern):
      let window = windowDispatches
      if window.contains(where: pattern.matches) { return nil }
      let shown = window.suffix(20).map { "    " + EventPattern.summary(of: $0) }
      return "no dispatch since the last action matches; \(window.count) in that window:\n"
        + (shown.isEmpty ? "    (none)" : shown.joined(separator: "\n"))
    }
  }
}
