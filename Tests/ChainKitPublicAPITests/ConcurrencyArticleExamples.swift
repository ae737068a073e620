// The Concurrency article's stream blocks, line for line, in the order it shows them; the
// article's first block starts with its own import. StreamDocExampleTests runs them.
import ChainKit

struct RowsLoaded: Sendable { var count: Int }

extension EventKey where Payload == RowsLoaded {
  static let rowsLoaded = EventKey("rowsLoaded")
}

@MainActor func watchRows(list: Node) -> Task<Void, Never> {
  let rows = list.events(for: .rowsLoaded)
  return Task.detached {
    for await event in rows { print("\(event.count) rows") }
  }
}

@MainActor func waitForDarkTheme(panel: Node, theme: DataKey<String>) async {
  for await name in panel.values(for: theme) {
    print("theme: \(name ?? "none")")
    if name == "dark" { break }
  }
}

struct Progress: Sendable { var fraction: Double }

@MainActor func latestProgress(bus: EventBus) -> ChainStream<Progress> {
  bus.events(of: Progress.self, bufferingPolicy: .bufferingNewest(1))
}
