/// `name=value` in a post, a request or a decoration.
package struct TreeParam: Sendable, Equatable {
  /// The param's name.
  package var name: String
  /// Its value.
  package var value: TreeText
}

/// A value written in a tree file: whole numbers become `Int`s, the rest text in which
/// `{name}` is replaced by the event's param `name` when a listener runs.
package struct TreeText: Sendable, Equatable {
  /// The text as written.
  package var template: String

  /// The value with `{name}` placeholders filled from params; unknown names stay as written,
  /// so a missing param shows.
  package func resolved(with params: [String: String]) -> String {
    guard template.contains("{") else { return template }
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      result += params[name] ?? "{\(name)}"
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// The value to post: an `Int` for a whole number, else the resolved text.
  package func param(with params: [String: String]) -> any Sendable {
    let text = resolved(with: params)
    return Int(text) ?? text
  }
}
