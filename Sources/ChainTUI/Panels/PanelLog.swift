/// The bounded list of what reached a panel, newest last, with a scroll position.
///
/// Only the newest ``capacity`` lines are kept, so a long session cannot grow memory. The scroll
/// offset counts lines back from the newest; 0 follows new lines as they arrive.
package struct PanelLog: Sendable, Hashable {
  /// The most lines kept.
  package let capacity: Int
  /// The lines kept, oldest first.
  package private(set) var lines: [String] = []
  /// How many lines the view is scrolled back from the newest; 0 follows the newest.
  package private(set) var scrollBack = 0

  /// Creates an empty log.
  package init(capacity: Int = 200) {
    self.capacity = max(1, capacity)
  }

  /// Appends a line, dropping the oldest past the capacity; a scrolled view stays where it was.
  package mutating func append(_ line: String) {
    lines.append(line)
    if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
    if scrollBack > 0 { scrollBack = min(scrollBack + 1, max(0, lines.count - 1)) }
  }

  /// Scrolls by a number of lines: positive goes back towards older lines.
  package mutating func scroll(by delta: Int) {
    scrollBack = min(max(0, scrollBack + delta), max(0, lines.count - 1))
  }

  /// Returns to following the newest line.
  package mutating func scrollToNewest() { scrollBack = 0 }

  /// Scrolls back to the oldest line kept.
  package mutating func scrollToOldest() { scrollBack = max(0, lines.count - 1) }

  /// The lines visible in a view of `height` rows at the current scroll position, oldest first.
  package func visible(height: Int) -> ArraySlice<String> {
    guard height > 0, !lines.isEmpty else { return [] }
    let end = lines.count - min(scrollBack, lines.count - 1)
    return lines[max(0, end - height)..<end]
  }
}
