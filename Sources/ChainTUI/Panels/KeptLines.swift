/// A log's kept values, oldest first, read from index 0 whatever was dropped before them.
///
/// NB: a slice, so dropping the oldest only moves its start: an array's `removeFirst` moved
/// every kept line on each line past a log's capacity, and a key adds lines to a few logs.
package struct KeptLines<Element: Sendable & Hashable>: RandomAccessCollection, Sendable, Hashable,
  ExpressibleByArrayLiteral
{
  /// The values; its indices start wherever the oldest kept value sits.
  private var slice: ArraySlice<Element>

  /// Creates kept values from a list.
  package init(arrayLiteral elements: Element...) {
    slice = ArraySlice(elements)
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { slice.count }

  /// The value at a position counted from the oldest kept one.
  package subscript(position: Int) -> Element {
    slice[slice.startIndex + position]
  }

  /// The values at positions counted from the oldest kept one.
  package subscript(positions: Range<Int>) -> ArraySlice<Element> {
    slice[(slice.startIndex + positions.lowerBound)..<(slice.startIndex + positions.upperBound)]
  }

  /// Adds a value after the newest.
  mutating func append(_ value: Element) {
    slice.append(value)
  }

  /// Drops the `count` oldest values.
  mutating func removeFirst(_ count: Int) {
    slice.removeFirst(count)
  }
}
