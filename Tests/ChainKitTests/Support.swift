import ChainKit

/// Collects what listeners saw, in order.
@MainActor
final class Log {
  private(set) var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
  func clear() { entries = [] }
}

/// An object to bind listeners to, and to watch for deallocation.
final class Target {
  let name: String
  init(_ name: String) { self.name = name }
}

struct Click: Sendable, Equatable {
  var index: Int
}

struct TestError: Error, Equatable, CustomStringConvertible {
  let message: String
  var description: String { message }
}

enum Keys {
  static let click = EventKey<Click>("click")
  static let ping = EventKey<Int>("ping")
  static let focus = EventKey<Int>("focus", bubbles: false)
  static let plain = EventKey<Void>("plain")
  static let channelID = RequestKey<Void, String>("channelID")
  static let lookup = RequestKey<String, Int>("lookup")
}

/// Registers a bubble and a capture listener on each node that log `name:phase`.
@MainActor
func logPhases(_ nodes: [Node], _ key: EventKey<Int>, into log: Log) {
  for node in nodes {
    let name = node.name
    node.on(key, capture: true) { ctx, _ in log.add("\(name):\(ctx.phase.rawValue)") }
    node.on(key) { ctx, _ in log.add("\(name):\(ctx.phase.rawValue)") }
  }
}
