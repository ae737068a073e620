import ChainKit
import ChainKitTracing

extension ScriptLine {
  /// The part of an `expect` line after the word `expect`.
  mutating func expectation() throws(ScriptSyntaxError) -> ScriptExpectation {
    switch try keyword(["screen", "row", "log", "why", "event"], after: "'expect'") {
    case "screen":
      let verb = try keyword(["contains", "does"], after: "'expect screen'")
      if verb == "does" {
        _ = try keyword(["not"], after: "'expect screen does'")
        _ = try keyword(["contain"], after: "'expect screen does not'")
        let text = try quoted("the text")
        try end(after: "expect screen does not contain \"...\"")
        return .screenDoesNotContain(text)
      }
      let text = try quoted("the text")
      try end(after: "expect screen contains \"...\"")
      return .screenContains(text)
    case "row":
      let row = try rowNumber()
      _ = try keyword(["is"], after: "'expect row N'")
      let text = try quoted("the row's text")
      try end(after: "expect row N is \"...\"")
      return .row(row, is: text)
    case "log":
      _ = try keyword(["of"], after: "'expect log'")
      let panel = try name("a panel name")
      let verb = try keyword(["contains", "does"], after: "'expect log of PANEL'")
      if verb == "does" {
        _ = try keyword(["not"], after: "'expect log of PANEL does'")
        _ = try keyword(["contain"], after: "'expect log of PANEL does not'")
        let text = try quoted("the text")
        try end(after: "expect log of PANEL does not contain \"...\"")
        return .logDoesNotContain(panel: panel, text: text)
      }
      let text = try quoted("the text")
      try end(after: "expect log of PANEL contains \"...\"")
      return .logContains(panel: panel, text: text)
    case "why":
      let panel = try name("a panel name")
      var dispatch: EventPattern?
      if try keyword(["contains", "for"], after: "'expect why PANEL'") == "for" {
        dispatch = try eventPattern(endingAt: "contains")
        _ = try keyword(["contains"], after: "'expect why PANEL for FIELD=VALUE...'")
      }
      let text = try quoted("the text")
      try end(after: "expect why PANEL [for FIELD=VALUE...] contains \"...\"")
      return .whyContains(panel: panel, dispatch: dispatch, text: text)
    default:
      return .event(try eventPattern())
    }
  }

  /// `field=value` pairs, each field at most once, up to the end of the line or up to the bare
  /// word `stop` (left for the caller).
  private mutating func eventPattern(endingAt stop: String? = nil) throws(ScriptSyntaxError)
    -> EventPattern
  {
    let fields = "key=, origin=, path=, outcome=, answered= or kind="
    var pattern = EventPattern()
    var seen: Set<Substring> = []
    while hasMore, !isAt(stop) {
      let token = try next("a field")
      guard let equals = token.text.firstIndex(of: "=") else {
        throw error("expected a field (\(fields)), found '\(token.text)'", at: token)
      }
      let field = token.text[..<equals]
      let value = String(token.text[token.text.index(after: equals)...])
      guard seen.insert(field).inserted else {
        throw error("expected each field once; '\(field)=' is given twice", at: token)
      }
      switch field {
      case "key": pattern.key = value
      case "origin": pattern.origin = value
      case "answered": pattern.answeredBy = value
      case "path":
        let path = value.split(separator: ">", omittingEmptySubsequences: false).map(String.init)
        guard !value.isEmpty, !path.contains("") else {
          throw error("expected a path of node names joined by '>', such as a>b>c", at: token)
        }
        pattern.path = path
      case "outcome":
        // `errors` too: what a failure's summary of a dispatch prints.
        guard let outcome = EventPattern.Outcome(rawValue: value == "errors" ? "error" : value)
        else {
          throw error(
            "expected outcome=stopped, prevented, error (or errors) or ok, found '\(value)'",
            at: token)
        }
        pattern.outcome = outcome
      case "kind":
        guard let kind = DispatchRecord.Kind(rawValue: value) else {
          throw error("expected kind=event or request, found '\(value)'", at: token)
        }
        pattern.kind = kind
      default:
        throw error("expected a field (\(fields)), found '\(field)='", at: token)
      }
    }
    return pattern
  }
}
