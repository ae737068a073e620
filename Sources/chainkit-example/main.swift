// The README's example, runnable: `swift run chainkit-example`.
import ChainEvents

struct ItemClicked: Sendable, CustomStringConvertible {
  var index: Int
  var description: String { "item \(index)" }
}

// The list's events are the methods of a protocol, as Domino's SelectorEvents: the macro makes
// a typed key of each (ListEvents.Keys), a trigger that posts them and a subscription.
@ChainEvents
@MainActor
protocol ListEvents {
  func itemClicked(_ item: ItemClicked)
  func channelID() -> String
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
  list.intercept(ListEvents.Keys.itemClicked) { _, event in event.index += 100 }
  list.on(ListEvents.Keys.itemClicked) { ctx, event in
    print("list   heard \(event) (\(ctx.phase))")
  }
  window.on(ListEvents.Keys.itemClicked) { ctx, event in
    print("window heard \(event) from \(ctx.targetName)")
  }

  // Named events need no declaration; a decorator adds keys at each level.
  list.decorate("swiped") { params in params["section"] = 2 }
  window.on("swiped") { _, params in print("window heard swiped \(params)") }

  // A request is answered by the nearest ancestor that knows.
  window.respond(to: ListEvents.Keys.channelID) { _, _ in "channel-42" }

  // The trigger posts (or asks) exactly as node.post(key, payload) would.
  let trigger = cell.trigger(ListEvents.Event.self)
  let outcome = trigger.itemClicked(ItemClicked(index: 3))
  cell.post("swiped", ["row": 3])
  print("outcome: \(outcome)")
  print("channel: \(trigger.channelID() ?? "none")")

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
