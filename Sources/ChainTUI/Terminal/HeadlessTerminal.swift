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
  /// Decodes fed bytes as the real terminal does, keeping a sequence still arriving.
  private var decoder = KeyDecoder()
  /// Sees every presented frame, after it is kept: a script's `cast` recording.
  package var presented: ((Grid) -> Void)?

  /// Creates a headless terminal of the given size with no keys queued.
  package init(size: Size) {
    self.size = size
  }

  /// The text of the last frame (rows trimmed, joined by newlines); empty before the first.
  package var screenText: String { lastFrame?.text ?? "" }

  /// The number of keys queued and not yet read.
  package var pendingCount: Int { pending.count - nextPending }

  /// Whether fed bytes end in an unfinished sequence (or a lone Esc) that the next read
  /// without queued keys ends, as the real terminal's short wait for more bytes does.
  package var hasPendingBytes: Bool { decoder.pending != .nothing }

  /// Queues keys for the app to read, in order.
  package func enqueue(_ keys: Key...) {
    enqueue(contentsOf: keys)
  }

  /// Queues keys for the app to read, in order.
  package func enqueue(contentsOf keys: some Sequence<Key>) {
    pending.append(contentsOf: keys)
  }

  /// Queues the keys that bytes from a real terminal make, through the same ``KeyDecoder`` as
  /// the ncurses backend: `feed(bytes: Array("\u{1B}[4~".utf8))` queues End.
  ///
  /// Bytes that end mid-sequence wait for the next feed; a read that finds no key queued ends
  /// them (a lone Esc becomes Esc, a cut-off sequence is dropped), which is what the real
  /// terminal does once no byte arrives for a moment.
  package func feed(bytes: some Sequence<UInt8>) {
    pending.append(contentsOf: decoder.decode(bytes))
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
    presented?(grid)
  }

  /// The oldest queued key, or `nil` at once when the queue is empty.
  ///
  /// The timeout is ignored because headless time only moves when the script says so. With no
  /// key queued, fed bytes that end mid-sequence are ended first, as the real terminal's wait
  /// for more bytes ends.
  package func nextKey(timeout: Duration) -> Key? {
    if nextPending == pending.count { pending.append(contentsOf: decoder.flush()) }
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
