// The README's example, runnable: `swift run chainkit-example`.
import ChainKit

struct ItemClicked: Sendable, CustomStringConvertible {
  var index: Int
  var description: String { "item \(index)" }
}

extension EventKey where Payload == ItemClicked {
  static let itemClicked = EventKey("itemClicked")
}

extension RequestKey where Payload == Void, Response == String {
  static let channelID = RequestKey("channelID")
}

@MainActor
func main() throws {
  // A tree: window <- list <- cell. Each node belongs to whatever object owns it.
  let window = Node("window")
  let list = Node("list")
  let cell = Node("cell")
  try list.mount(at: window)
  try cell.mount(at: list)

  // The list rewrites the event on its way up; the window hears the rewritten one.
  list.intercept(.itemClicked) { _, event in event.index += 100 }
  list.on(.itemClicked) { ctx, event in print("list   heard \(event) (\(ctx.phase))") }
  window.on(.itemClicked) { ctx, event in print("window heard \(event) from \(ctx.targetName)") }

  // Named events need no declaration; a decorator adds keys at each level.
  list.decorate("swiped") { params in params["section"] = 2 }
  window.on("swiped") { _, params in print("window heard swiped \(params)") }

  // A request is answered by the nearest ancestor that knows.
  window.respond(to: .channelID) { _, _ in "channel-42" }

  let outcome = cell.post(.itemClicked, ItemClicked(index: 3))
  cell.post("swiped", ["row": 3])
  print("outcome: \(outcome)")
  print("channel: \(cell.request(.channelID) ?? "none")")

  // A mount that would make a cycle is refused with an error naming both nodes.
  do {
    try window.mount(at: cell)
  } catch {
    print("refused: \(error)")
  }
}

// With --live, it keeps posting for `chaintui inspect` instead (LiveMode.swift).
if let flag = CommandLine.arguments.firstIndex(of: "--live") {
  let count = CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) }
  MainActor.assumeIsolated { live(count: count) }
}
try MainActor.assumeIsolated { try main() }
