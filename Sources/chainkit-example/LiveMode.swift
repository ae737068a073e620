// `chainkit-example --live [--count N]`: a program to watch in `chaintui inspect`. It keeps
// posting events from a timer on the main actor and from a background thread, and publishing
// on a bus, with its trace streamed to CHAINKIT_TRACE (a socket, a pipe or a file).
import ChainEvents
import ChainKit
import ChainKitTracing
import Foundation

struct Tick: Sendable, CustomStringConvertible {
  var number: Int
  var description: String { "tick \(number)" }
}

/// The background worker's event, posted from its thread through a RemoteNode with its key.
@ChainEvents
protocol WorkerEvents {
  func progress(_ step: Int)
}

/// Runs the live mode: posts forever, or `count` times from each source and then exits once
/// the trace is written.
@MainActor
func live(count: Int?) -> Never {
  let window = Node("window")
  let list = Node("list")
  let cell = Node("cell")
  let worker = Node("worker")
  let bus = EventBus(name: "live")
  // Installed before the tree is built, so the stream sees the mounts too.
  guard let stream = TraceStream.installFromEnvironment(on: window, buses: [bus]) else {
    print("set CHAINKIT_TRACE to a socket, pipe or file, e.g. CHAINKIT_TRACE=/tmp/chain.sock")
    exit(2)
  }
  do {
    try list.mount(at: window)
    try cell.mount(at: list)
    try worker.mount(at: window)
  } catch {
    print("\(error)")
    exit(1)
  }
  list.intercept(ListEvents.Keys.itemClicked) { _, event in event.index += 100 }
  list.on(ListEvents.Keys.itemClicked) { _, _ in }
  window.on(ListEvents.Keys.itemClicked) { ctx, event in
    if event.index % 5 == 0 { ctx.stopPropagation() }
  }
  window.respond(to: ListEvents.Keys.channelID) { _, _ in "channel-42" }
  let ticks = bus.subscribe(Tick.self) { _ in }
  var heardFromWorker = 0
  var timerDone = false
  let finishIfDone = {
    guard let count, timerDone, heardFromWorker == count else { return }
    ticks.cancel()
    finish(stream)
  }
  window.on(WorkerEvents.Keys.progress) { _, _ in
    heardFromWorker += 1
    finishIfDone()
  }

  // The background thread posts through a RemoteNode, which hands each post to the main actor.
  let remote = worker.remote
  let thread = Thread {
    var step = 0
    while count.map({ step < $0 }) ?? true {
      step += 1
      remote.post(WorkerEvents.Keys.progress, step)
      Thread.sleep(forTimeInterval: 0.15)
    }
  }
  thread.start()

  let trigger = cell.trigger(ListEvents.Event.self)
  Task { @MainActor in
    var index = 0
    while count.map({ index < $0 }) ?? true {
      index += 1
      trigger.itemClicked(ItemClicked(index: index))
      bus.publish(Tick(number: index))
      _ = trigger.channelID()
      try? await Task.sleep(for: .milliseconds(200))
    }
    timerDone = true
    finishIfDone()
  }
  print("posting; watch it with: chaintui inspect --listen <the CHAINKIT_TRACE socket>")
  dispatchMain()
}

/// Exits once the stream has written what it accepted; waits in a task, so the main actor
/// goes on running (and the stream's records keep coming) meanwhile.
@MainActor
func finish(_ stream: TraceStream) {
  Task {
    await stream.settle()
    stream.close()
    exit(0)
  }
}
