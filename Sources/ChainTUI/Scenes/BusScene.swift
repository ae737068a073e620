import ChainKit

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

  init(context: SceneContext) {
    root.accent = .magenta
    station.accent = .cyan
    station.axis = .horizontal
    producer.length = 24
    producer.accent = .yellow
    root.add(producer)
    root.add(station)
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
    station.add(panel)
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
    panel.keys = [
      PanelKey(.character("a"), "add") { [weak self] in self?.addSubscriber() },
      PanelKey(.character("d"), "remove") { [weak self, weak panel] in
        if let panel { self?.removeSubscriber(panel) }
      },
    ]
    refresh()
  }

  func removeSubscriber(_ panel: Panel) {
    tokens.removeValue(forKey: panel.name)?.cancel()
    station.remove(panel)
    refresh()
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
