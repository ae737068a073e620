/// A terminal without a terminal: it keeps the last presented frame and hands out queued keys.
///
/// Tests and the script harness drive it by hand, like an embedded event loop: nothing happens
/// until they enqueue a key or resize it, and `nextKey` never waits, so runs are deterministic.
@MainActor
package final class HeadlessTerminal: TerminalBackend {
  /// The size the app should draw at; change it with ``resize(to:)`` so the app is told.
  package private(set) var size: Size
  /// The most recent frame the app presented, or `nil` before the first.
  package private(set) var lastFrame: Grid?
  /// How many frames were presented, to check that input leads to a redraw.
  package private(set) var presentCount = 0
  /// Keys not yet read, oldest first.
  private var pending: [Key] = []
  private var nextPending = 0

  /// Creates a headless terminal of the given size with no keys queued.
  package init(size: Size) {
    self.size = size
  }

  /// The text of the last frame (rows trimmed, joined by newlines); empty before the first.
  package var screenText: String { lastFrame?.text ?? "" }

  /// The number of keys queued and not yet read.
  package var pendingCount: Int { pending.count - nextPending }

  /// Queues keys for the app to read, in order.
  package func enqueue(_ keys: Key...) {
    enqueue(contentsOf: keys)
  }

  /// Queues keys for the app to read, in order.
  package func enqueue(contentsOf keys: some Sequence<Key>) {
    pending.append(contentsOf: keys)
  }

  /// Queues each character of a text as a key, as if typed.
  package func type(_ text: String) {
    enqueue(contentsOf: text.map(Key.character))
  }

  /// Changes the size and queues the matching resize event, as a real terminal does.
  package func resize(to newSize: Size) {
    size = newSize
    enqueue(.resize(width: newSize.width, height: newSize.height))
  }

  /// Records the frame.
  package func present(_ grid: Grid) {
    lastFrame = grid
    presentCount += 1
  }

  /// The oldest queued key, or `nil` at once when the queue is empty; the timeout is ignored
  /// because headless time only moves when the script says so.
  package func nextKey(timeout: Duration) -> Key? {
    guard nextPending < pending.count else { return nil }
    let key = pending[nextPending]
    nextPending += 1
    if nextPending == pending.count {
      pending.removeAll(keepingCapacity: true)
      nextPending = 0
    }
    return key
  }
}
