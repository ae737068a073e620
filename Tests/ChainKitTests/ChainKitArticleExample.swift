import ChainKit

struct ItemClicked: Sendable { var index: Int }

extension EventKey where Payload == ItemClicked {
  static let itemClicked = EventKey("itemClicked")
}

@MainActor func demo() throws {
  let root = Node("root")
  let list = Node("list")
  let cell = Node("cell")
  try list.mount(at: root)
  try cell.mount(at: list)

  list.intercept(.itemClicked) { _, event in event.index += 100 }  // rewrite in flight
  root.on(.itemClicked) { ctx, event in
    print("root heard item \(event.index) from \(ctx.targetName)")  // 103, from cell
  }
  let outcome = cell.post(.itemClicked, ItemClicked(index: 3))
  print(outcome)  // ran 1
}

// The ChainKit landing page's example above, line for line (ArticleExampleTests runs it): its
// `print` is this file's, which keeps the lines for the test.

/// The lines `demo()` printed.
@MainActor var chainKitArticlePrinted: [String] = []

@MainActor private func print(_ items: Any...) {
  chainKitArticlePrinted.append(items.map { "\($0)" }.joined(separator: " "))
}
