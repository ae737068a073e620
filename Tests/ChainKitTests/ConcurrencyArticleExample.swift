import ChainKit

// The Concurrency article's request example, line for line (ArticleExampleTests runs it). Its
// `print` is this file's, which keeps the lines for the test.

extension RequestKey where Payload == String, Response == Int {
  static let rowCount = RequestKey("rowCount")
}

@MainActor func serveRowCounts(store: Node) {
  store.respondAsync(to: .rowCount) { (table: String) async in
    await Task.yield()  // a database read, say
    return table.count
  }
}

func askRowCount(of list: RemoteNode) async -> Int? {
  do {
    return try await list.request(.rowCount, "rows")
  } catch is CancellationError {
    return nil  // the asking task was cancelled: nothing to report
  } catch {
    print("no answer: \(error)")
    return nil
  }
}

/// The lines `askRowCount(of:)` printed.
@MainActor let concurrencyArticlePrinted = PrintedLines()

/// Called off the main actor: the line reaches the main actor in order.
private func print(_ items: Any...) {
  let line = PrintedLines.line(items)
  Task { @MainActor in concurrencyArticlePrinted.append([line]) }
}
