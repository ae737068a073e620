import Foundation
import Testing

/// One way to the runtime.
///
/// Every node, bus, property, hook and binding holds the runtime it was made in, and everything
/// else reaches it through them. The main actor's runtime
/// (`ChainRuntime.main`, or `.main` where the type is known) is named only where a default is
/// chosen; a scan of `Sources/ChainKit` fails, naming file and line, on any other mention.
@Suite("The main runtime is named only where a default is chosen")
struct RuntimeReachTests {
  /// The lines allowed to name the main runtime.
  ///
  /// Each entry gives a file, a text the line contains, and why a default is chosen there; each
  /// must match exactly one line, so the list only shrinks.
  static let allowed: [(file: String, text: String, reason: String)] = [
    (
      "Node.swift", "self.init(name, runtime: .main)",
      "public `Node.init(_:)`: a node the public API makes belongs to the main actor's runtime"
    ),
    (
      "Property.swift", "isEqual: nil, runtime: .main)",
      "public `Property.init(_:name:owner:)`: the main actor's runtime, as for a node"
    ),
    (
      "Property.swift", "isEqual: { $0 == $1 }, runtime: .main)",
      "public `Property.init(_:name:owner:)` of an Equatable value: the main actor's runtime"
    ),
    (
      "Hook.swift", "self.init(name: name, runtime: .main, owner: nil, body)",
      "public `Hook.init(name:_:)`: the main actor's runtime, as for a node"
    ),
    (
      "Hook.swift", "self.init(name: name, runtime: .main, owner: owner)",
      "public `Hook.init(name:owner:_:)`: the main actor's runtime, as for a node"
    ),
    (
      "EventBus.swift", "var runtime: ChainRuntime { assignedRuntime ?? .main }",
      "a bus made by the public initializer, which is nonisolated (`EventBus.default` is made off"
        + " the main actor) and so cannot read the runtime: its slots choose it when made"
    ),
    (
      "Bind.swift", "runtime: boxes.first?.runtime ?? .main)",
      "a binding takes its members' runtime; one without members calls nobody, so any will do"
    ),
    (
      "ReentryGuard.swift", "public static var nestingLimit: Int { ChainRuntime.main.limit }",
      "public `ReentryGuard.nestingLimit`: the limit of the runtime the public API makes"
        + " everything in"
    ),
    (
      "ReentryGuard.swift", "let runtime = ChainRuntime.main",
      "public `ReentryGuard.withNestingLimit(_:_:)`: sets the limit of that same runtime"
    ),
    (
      "RemotePostQueue.swift", "ChainRuntime.main.nextTurn.afterPendingCalls",
      "`RemoteNode.settle()` is static: one queue into the main actor per process, whose"
        + " barrier waits for the next-turn calls of the main actor's runtime"
    ),
  ]

  /// The mentions of the main runtime in the Swift files under `folder` (a path from the
  /// package root), as `file:line: text`, comments left out.
  static func mentions(under folder: String) throws -> [(file: String, line: String)] {
    try UnsafeAllowlistTests.sources(under: folder).flatMap { path, text in
      let file = String(path.split(separator: "/").last ?? "")
      return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .compactMap { number, raw -> (file: String, line: String)? in
          let code = UnsafeAllowlistTests.code(of: raw)
          // NB: not `\b`, whose Unicode word boundaries run through `main.limit` without a break.
          guard code.contains(/\.main(?![A-Za-z0-9_])/) else { return nil }
          return (file, "\(path):\(number + 1): \(code.trimmingCharacters(in: .whitespaces))")
        }
    }
  }

  /// The mentions no entry of ``allowed`` covers, and the entries that cover no mention or more
  /// than one.
  static func check(_ mentions: [(file: String, line: String)]) -> [String] {
    var problems: [String] = []
    for mention in mentions
    where !allowed.contains(where: { $0.file == mention.file && mention.line.contains($0.text) }) {
      problems.append("not a place that chooses a default: \(mention.line)")
    }
    for entry in allowed {
      let count = mentions.count { $0.file == entry.file && $0.line.contains(entry.text) }
      if count != 1 {
        problems.append("allowed entry matches \(count) lines: \(entry.file): \(entry.text)")
      }
    }
    return problems
  }

  @Test("ChainKit names the main runtime only where a default is chosen")
  func mainRuntimeOnlyWhereADefaultIsChosen() throws {
    let problems = Self.check(try Self.mentions(under: "Sources/ChainKit/"))
    #expect(
      problems.isEmpty,
      "read the runtime from the object at hand (a core, a slot, a property), or allow the line with a reason:\n\(problems.joined(separator: "\n"))"
    )
  }

  @Test("the scan finds a read of the main runtime outside the allowed lines, and stale entries")
  func scanFindsStrayReads() {
    let problems = Self.check([
      ("Node.swift", "Sources/ChainKit/Tree/Node.swift:36: self.init(name, runtime: .main)"),
      ("Hook.swift", "Sources/ChainKit/Bindings/Hook.swift:80: let r = ChainRuntime.main"),
    ])
    #expect(
      problems.contains(
        "not a place that chooses a default: Sources/ChainKit/Bindings/Hook.swift:80: let r = ChainRuntime.main"
      ))
    #expect(
      problems.contains(
        "allowed entry matches 0 lines: Bind.swift: runtime: boxes.first?.runtime ?? .main)"))
    #expect(!problems.contains { $0.contains("Node.swift") })
  }
}
