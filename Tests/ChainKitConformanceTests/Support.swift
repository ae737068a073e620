import ChainKit

/// Collects what listeners saw, in order, like the `actual_targets` arrays of the WPT tests.
@MainActor
final class Recorder {
  private(set) var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
  func clear() { entries = [] }

  /// Records `node:phase` for the listener's context.
  func visit(_ ctx: borrowing EventContext) { add("\(ctx.currentName):\(ctx.phase.rawValue)") }
}

/// The tree most dom/events tests dispatch through, each node mounted under the one before:
/// window, document, html, body, table, tbody, parent, target; `tableRow` is a second child of
/// tbody (the `#table-row` of the WPT pages).
@MainActor
struct TableDocument {
  let window = Node("window")
  let document = Node("document")
  let html = Node("html")
  let body = Node("body")
  let table = Node("table")
  let tbody = Node("tbody")
  let tableRow = Node("table-row")
  let parent = Node("parent")
  let target = Node("target")

  /// From the root to the target: `[window, document, html, body, table, tbody, parent, target]`.
  var chain: [Node] { [window, document, html, body, table, tbody, parent, target] }

  init() throws {
    let nodes = chain
    for index in nodes.indices.dropFirst() { try nodes[index].mount(at: nodes[index - 1]) }
    try tableRow.mount(at: tbody)
  }

  /// `name:phase` for each node of the chain, capture from the root down, then target twice,
  /// then bubble back up: what a bubbling event with a capture and a bubble listener on each
  /// node logs.
  var fullDispatch: [String] {
    let names = chain.map(\.name)
    return names.dropLast().map { "\($0):capture" } + ["target:target", "target:target"]
      + names.dropLast().reversed().map { "\($0):bubble" }
  }
}

/// What the WPT pages' `throw new Error()` throws.
struct ListenerFailure: Error {}
