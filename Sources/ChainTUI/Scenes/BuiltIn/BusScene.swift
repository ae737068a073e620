import ChainKit
import ChainKitTracing

/// Tolo's event bus: a producer publishes a tick once a second (on the app's virtual clock)
/// and is registered as the tick's producer, so a subscriber added later gets the current
/// tick at once instead of waiting for the next one.
@MainActor
final class BusScene: Scene {
  let id = "bus"
  let title = "Bus"
  let root = Panel("busRoot", title: "bus (EventBus \"tolo\")")
  let producer = Panel("producer", title: "producer (1 Hz)")
  let station = Panel("subscribers")
  let flow = [
    "The producer publishes Tick once a second on the bus, not the tree.",
    "a adds a subscriber panel: it shows the current tick at once,",
    "from the producer, then every tick. d removes the focused one.",
    "space pauses the producer; subscribers keep the last value.",
  ]
  let bus = EventBus(name: "tolo")
  private var count = 0
  private var paused = false
  private var nextNumber = 1
  private var tokens: [String: Subscription] = [:]
  /// The subscriber being added, while its subscription is made.
  private var joining: String?
  /// The subscriber panels, in the order they were added.
  private var subscribers: [Panel] = []
  /// The index of the first subscriber on screen.
  private var firstShown = 0
  /// The most subscribers on screen at once; more are paged with `[` and `]`, so that each
  /// shown subscriber keeps a readable box however many there are.
  static let pageSize = 5

  init(context: SceneContext) {
    root.accent = .magenta
    station.accent = .cyan
    station.axis = .horizontal
    producer.length = 24
    producer.accent = .yellow
    root.add(producer)
    root.add(station)
    // The bus is not a node: its publishes reach the inspector through a tracer of its own.
    bus.install(context.tracer)
    bus.produce(Tick.self) { [weak self] in
      guard let self, count > 0 else { return nil }
      return Tick(count: count)
    }
    context.clock.every(.seconds(1)) { [weak self] in self?.tick() }
    producer.keys = [
      PanelKey(.character(" "), "pause") { [weak self] in self?.togglePause() },
      PanelKey(.character("a"), "add subscriber") { [weak self] in self?.addSubscriber() },
    ]
    station.keys = [
      PanelKey(.character("a"), "add subscriber") { [weak self] in self?.addSubscriber() }
    ]
    addSubscriber()
    addSubscriber()
    refresh()
  }

  private func tick() {
    guard !paused else { return }
    count += 1
    let outcome = bus.publish(Tick(count: count))
    producer.note("published tick \(count) to \(outcome.listenersRun)")
    refresh()
  }

  private func togglePause() {
    paused.toggle()
    refresh()
  }

  /// Adds a subscriber panel, which hears the current tick from the producer at once.
  func addSubscriber() {
    let panel = Panel("sub\(nextNumber)")
    nextNumber += 1
    panel.accent = .green
    subscribers.append(panel)
    layOutSubscribers(showingLast: true)
    panel.body = ["no tick yet"]
    joining = panel.name
    tokens[panel.name] = bus.subscribe(Tick.self, owner: panel) { [weak self] panel, tick in
      guard let self else { return }
      // A delivery during subscribe comes from the producer: the current value, at once.
      let atOnce = joining == panel.name
      panel.note(atOnce ? "at once: tick \(tick.count) (current)" : "tick \(tick.count)")
      panel.body = [StyledLine("tick \(tick.count)", style: Style(foreground: .green, bold: true))]
    }
    joining = nil
    refresh()
  }

  func removeSubscriber(_ panel: Panel) {
    tokens.removeValue(forKey: panel.name)?.cancel()
    subscribers.removeAll { $0 === panel }
    layOutSubscribers()
    refresh()
  }

  /// Shows the page of subscribers that holds the one added last, or the current page.
  private func layOutSubscribers(showingLast: Bool = false) {
    let count = subscribers.count
    if showingLast { firstShown = max(0, count - 1) / Self.pageSize * Self.pageSize }
    firstShown = min(firstShown, max(0, count - 1) / Self.pageSize * Self.pageSize)
    for child in station.children { station.remove(child) }
    for subscriber in subscribers[firstShown..<min(firstShown + Self.pageSize, count)] {
      station.add(subscriber)
      subscriber.keys = keys(for: subscriber, paged: count > Self.pageSize)
    }
    station.title =
      count > Self.pageSize
      ? "subscribers \(firstShown + 1)-\(min(firstShown + Self.pageSize, count)) of \(count)"
        + " ([ ] page)"
      : "subscribers"
  }

  /// A subscriber's keys; the paging keys only when there is more than one page.
  private func keys(for panel: Panel, paged: Bool) -> [PanelKey] {
    var keys = [
      PanelKey(.character("a"), "add") { [weak self] in self?.addSubscriber() },
      PanelKey(.character("d"), "remove") { [weak self, weak panel] in
        if let panel { self?.removeSubscriber(panel) }
      },
    ]
    if paged {
      keys.append(PanelKey(.character("["), "page back") { [weak self] in self?.page(by: -1) })
      keys.append(PanelKey(.character("]"), "page on") { [weak self] in self?.page(by: 1) })
    }
    return keys
  }

  /// Shows the previous or next page of subscribers.
  private func page(by step: Int) {
    let last = max(0, subscribers.count - 1) / Self.pageSize * Self.pageSize
    firstShown = min(last, max(0, firstShown + step * Self.pageSize))
    layOutSubscribers()
  }

  private func refresh() {
    producer.body = [
      StyledLine("tick \(count)", style: Style(foreground: .yellow, bold: true)),
      StyledLine(paused ? "paused" : "publishing 1/s"),
    ]
    root.body = ["subscribers: \(bus.subscriberCount(for: Tick.self))"]
  }
}

/// What the bus scene's producer publishes.
struct Tick: Sendable, Equatable {
  let count: Int
}
