// Every stream example of the documentation (the symbol docs of the Streams folder and the
// Concurrency article's, in ConcurrencyArticleExamples.swift), run in the shape it is shown,
// through the public API only, with the output the documentation says it prints. A `print` of
// this module's own keeps what the examples print, so their lines stay as the documentation
// shows them.
import ChainKit
import ChainKitTestSupport
import Synchronization
import Testing

/// What the examples printed, in order; the suite runs one test at a time, each starting empty.
let printed = Mutex<[String]>([])

/// The examples' `print`: keeps the line instead of writing it.
func print(_ item: Any) {
  let line = "\(item)"
  printed.withLock { $0.append(line) }
}

/// A theme, for `Node.values(for:)`'s example.
private enum Theme: Sendable { case standard, dark }

/// `Node.values(for:)`'s example applies each theme; applying one prints it.
private func apply(_ theme: Theme) { print("applied \(theme)") }

extension EventKey where Payload == Int {
  fileprivate static let itemClicked = EventKey("itemClicked")
}

extension DataKey where Value == Theme {
  fileprivate static let theme = DataKey("theme")
}

/// A bus event, for `EventBus.events(of:)`'s example.
private struct Tick: Sendable { var count: Int }

/// Waits, bounded by turns, until the examples have printed `lines`; fails saying what they
/// printed instead.
@MainActor
private func expectPrinted(
  _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  let came = await turnsUntil(turns: elementWaitTurns) { printed.withLock { $0 } == lines }
  #expect(came, "printed \(printed.withLock { $0 }), not \(lines)", sourceLocation: sourceLocation)
  return came
}

/// Cancels `task`, a loop's, and waits (bounded) until it has printed `ended` after its loop.
@MainActor
private func expectEndsWhenCancelled(
  _ task: Task<Void, Never>, after lines: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  task.cancel()
  if await expectPrinted(lines + ["ended"], sourceLocation: sourceLocation) { await task.value }
}

@MainActor
@Suite("The documentation's stream examples, run as shown", .serialized)
struct StreamDocExampleTests {
  init() { printed.withLock { $0 = [] } }

  @Test("ChainStream's example: a task's for await over list.events(for:) prints each click")
  func chainStreamExample() async throws {
    let list = Node("list")
    let cell = Node("cell")
    try cell.mount(at: list)
    let task = Task {
      for await index in list.events(for: .itemClicked) { print("clicked \(index)") }
    }
    #expect(await turnsUntil(turns: elementWaitTurns) { list.registrationCount == 1 })
    cell.post(.itemClicked, 3)
    list.post(.itemClicked, 5)
    #expect(await expectPrinted(["clicked 3", "clicked 5"]))
    task.cancel()
    let gone = await turnsUntil(turns: elementWaitTurns) { list.registrationCount == 0 }
    #expect(gone, "the cancelled task's stream kept its listener")
    if gone { await task.value }
  }

  @Test("Node.events(for:)'s example prints a click posted at the list or below it")
  func nodeEventsExample() async throws {
    let list = Node("list")
    let cell = Node("cell")
    try cell.mount(at: list)
    let task = Task {
      for await index in list.events(for: .itemClicked) {
        print("clicked \(index)")
      }
      print("ended")
    }
    #expect(await turnsUntil(turns: elementWaitTurns) { list.registrationCount == 1 })
    cell.post(.itemClicked, 3)
    #expect(await expectPrinted(["clicked 3"]))
    await expectEndsWhenCancelled(task, after: ["clicked 3"])
  }

  @Test("EventBus.events(of:)'s example prints the producer's tick, then a published one")
  func busEventsExample() async throws {
    let bus = EventBus(name: "bus")
    let producing = bus.produce(Tick.self) { Tick(count: 1) }
    let task = Task {
      for await tick in bus.events(of: Tick.self) {
        print(tick.count)
      }
      print("ended")
    }
    #expect(await expectPrinted(["1"]))
    bus.publish(Tick(count: 2))
    #expect(await expectPrinted(["1", "2"]))
    await expectEndsWhenCancelled(task, after: ["1", "2"])
    producing.cancel()
  }

  @Test("Node.values(for:)'s example applies the standard theme, then one shared above")
  func nodeValuesExample() async throws {
    let window = Node("window")
    let panel = Node("panel")
    try panel.mount(at: window)
    let task = Task {
      for await theme in panel.values(for: .theme) {
        apply(theme ?? .standard)
      }
      print("ended")
    }
    #expect(await expectPrinted(["applied standard"]))
    window.share(.dark, for: .theme)
    #expect(await expectPrinted(["applied standard", "applied dark"]))
    await expectEndsWhenCancelled(task, after: ["applied standard", "applied dark"])
  }

  @Test("Property.values()'s example prints the name now, then each new name")
  func propertyValuesExample() async throws {
    let userName = Property("ann", name: "userName")
    let task = Task {
      for await name in userName.values() {
        print("now \(name)")
      }
      print("ended")
    }
    #expect(await expectPrinted(["now ann"]))
    userName.value = "bob"
    #expect(await expectPrinted(["now ann", "now bob"]))
    await expectEndsWhenCancelled(task, after: ["now ann", "now bob"])
  }

  @Test("the Concurrency article's watchRows prints the rows of each load, from a detached task")
  func watchRowsExample() async throws {
    let list = Node("list")
    let cell = Node("cell")
    try cell.mount(at: list)
    let task = watchRows(list: list)
    cell.post(.rowsLoaded, RowsLoaded(count: 12))
    #expect(await expectPrinted(["12 rows"]))
    task.cancel()
    let gone = await turnsUntil(turns: elementWaitTurns) { list.registrationCount == 0 }
    #expect(gone, "the cancelled task's stream kept its listener")
    if gone { await task.value }
  }

  @Test("the Concurrency article's waitForDarkTheme prints none, then dark, and returns")
  func waitForDarkThemeExample() async throws {
    let window = Node("window")
    let panel = Node("panel")
    try panel.mount(at: window)
    let theme = DataKey<String>("themeName")
    let task = Task {
      await waitForDarkTheme(panel: panel, theme: theme)
      print("ended")
    }
    #expect(await expectPrinted(["theme: none"]))
    window.share("dark", for: theme)
    if await expectPrinted(["theme: none", "theme: dark", "ended"]) { await task.value }
  }

  @Test("the Concurrency article's latestProgress keeps only the newest for a slow consumer")
  func latestProgressExample() async throws {
    let bus = EventBus(name: "bus")
    let progress = latestProgress(bus: bus)
    for fraction in [0.25, 0.5, 0.75] { bus.publish(Progress(fraction: fraction)) }
    #expect(progress.droppedCount == 2)
    #expect(await take(1, from: progress).map(\.fraction) == [0.75])
  }
}
