/// The bounded list of what reached a panel, newest last, with a scroll position.
///
/// Only the newest ``capacity`` lines are kept, so a long session cannot grow memory. The scroll
/// offset counts lines back from the newest; 0 follows new lines as they arrive. Scrolling stops
/// at the ends: the oldest line never leaves the top of a full view, whatever its height.
package struct PanelLog: Sendable, Hashable {
  /// The most lines kept.
  package let capacity: Int
  /// The lines kept, oldest first.
  package private(set) var lines: KeptLines<String> = []
  /// The clock time each line was noted at, beside ``lines``; `nil` when no clock was known.
  package private(set) var times: KeptLines<Duration?> = []
  /// How many lines the view is scrolled back from the newest; 0 follows the newest.
  package private(set) var scrollBack = 0
  /// The rows the log had when last drawn, which bound how far back it can scroll.
  package private(set) var viewHeight = 1
  /// How many of the oldest lines were dropped past the capacity, so a view of the whole log
  /// can say it is not whole.
  package private(set) var dropped = 0
  /// Bumped by every change, so a frame can tell whether the log is drawn as it was.
  package private(set) var version = 0

  /// Creates an empty log.
  package init(capacity: Int = 200) {
    self.capacity = max(1, capacity)
  }

  /// The furthest back the view can go: the oldest line at the top of a full view.
  private var maximumScrollBack: Int { max(0, lines.count - viewHeight) }

  /// Appends a line, dropping the oldest past the capacity; a scrolled view stays where it was.
  package mutating func append(_ line: String, at time: Duration? = nil) {
    version &+= 1
    lines.append(line)
    times.append(time)
    if lines.count > capacity {
      dropped += lines.count - capacity
      lines.removeFirst(lines.count - capacity)
      times.removeFirst(times.count - capacity)
    }
    if scrollBack > 0 { scrollBack = min(scrollBack + 1, maximumScrollBack) }
  }

  /// Scrolls by a number of lines: positive goes back towards older lines, stopping at the ends.
  package mutating func scroll(by delta: Int) {
    version &+= 1
    scrollBack = min(max(0, scrollBack + delta), maximumScrollBack)
  }

  /// Scrolls by whole pages of the view last drawn, each keeping one line of the one before in
  /// view: positive goes back towards older lines.
  package mutating func scrollPage(by pages: Int) {
    scroll(by: pages * max(1, viewHeight - 1))
  }

  /// Scrolls the least that brings the line at `index` among ``lines`` into the view last
  /// drawn: to its bottom row when the line is newer than the view, to its top row when older.
  package mutating func reveal(line index: Int) {
    version &+= 1
    guard lines.indices.contains(index) else { return }
    let range = visibleRange(height: viewHeight)
    guard !range.contains(index) else { return }
    let end = index < range.lowerBound ? index + viewHeight : index + 1
    scrollBack = min(max(0, lines.count - end), maximumScrollBack)
  }

  /// Returns to following the newest line.
  package mutating func scrollToNewest() {
    scrollBack = 0
    version &+= 1
  }

  /// Scrolls back to the oldest line kept.
  package mutating func scrollToOldest() {
    scrollBack = maximumScrollBack
    version &+= 1
  }

  /// Notes the rows the log is drawn in, so scrolling stops where the oldest line is at the
  /// top; a view that grew (a zoom) pulls the position back within the ends.
  package mutating func fit(height: Int) {
    version &+= 1
    viewHeight = max(1, height)
    scrollBack = min(scrollBack, maximumScrollBack)
  }

  /// The range of ``lines`` visible in a view of `height` rows at the current scroll position.
  package func visibleRange(height: Int) -> Range<Int> {
    guard height > 0, !lines.isEmpty else { return 0..<0 }
    let end = lines.count - min(scrollBack, max(0, lines.count - 1))
    return max(0, end - height)..<end
  }

  /// The lines visible in a view of `height` rows at the current scroll position, oldest first.
  package func visible(height: Int) -> ArraySlice<String> {
    lines[visibleRange(height: height)]
  }

  /// How many lines are hidden above and below a view of `height` rows.
  package func hidden(height: Int) -> (above: Int, below: Int) {
    let range = visibleRange(height: height)
    return (range.lowerBound, lines.count - range.upperBound)
  }
}
