import ChainKit

/// The inspector's list: records of every kind in the order they were kept, narrowed by scope
/// and filter, each dispatch with its nesting depth, computed when an entry is read.
///
/// NB: the list is rebuilt for every frame and every key, over up to a few thousand items,
/// while a frame shows a dozen; so it keeps the items array as it is (shared, not copied),
/// positions into it only when something is filtered out, and works out a depth only for
/// entries read.
package struct InspectorEntries: RandomAccessCollection {
  /// The items, in order of their numbers, re-indexed from 0.
  private let source: Items
  /// The positions in ``source`` of the entries, or `nil` when every item is one.
  private let positions: [Int]?

  /// A slice of items read from index 0, whatever its start in the array it shares.
  private struct Items {
    let slice: ArraySlice<InspectorItem>
    var count: Int { slice.count }
    subscript(index: Int) -> InspectorItem { slice[slice.startIndex + index] }
  }

  /// Keeps the items `include` accepts.
  init(items: ArraySlice<InspectorItem>, include: ((InspectorItem) -> Bool)?) {
    let source = Items(slice: items)
    self.source = source
    self.positions = include.map { include in
      (0..<source.count).filter { include(source[$0]) }
    }
  }

  /// An entry: the item and how deeply it is nested (0 for what is not a nested dispatch).
  package typealias Element = (item: InspectorItem, depth: Int)

  package var startIndex: Int { 0 }
  package var endIndex: Int { positions?.count ?? source.count }

  /// Whether a scope or filter narrowed the list (even if it left every item in).
  package var isFiltered: Bool { positions != nil }

  /// How many items there are before filtering.
  package var unfilteredCount: Int { source.count }

  /// The entry at a position: the item and how deeply it is nested.
  package subscript(position: Int) -> Element {
    let sourceIndex = positions?[position] ?? position
    return (source[sourceIndex], depth(atSource: sourceIndex))
  }

  /// The item at a position, without working out its depth.
  func item(at position: Int) -> InspectorItem {
    source[positions?[position] ?? position]
  }

  /// The id of the item at a position, read without copying the item.
  func seq(at position: Int) -> UInt64 {
    source.slice[source.slice.startIndex + (positions?[position] ?? position)].seq
  }

  /// Whether the item at a position is a dispatch, read without copying the item.
  func isDispatch(at position: Int) -> Bool {
    source.slice[source.slice.startIndex + (positions?[position] ?? position)].dispatchID != nil
  }

  /// How deeply the item at a position is nested under the dispatches before it.
  func depth(at position: Int) -> Int {
    depth(atSource: positions?[position] ?? position)
  }

  /// The position of the entry showing the item with this number, found by binary search.
  package func position(ofID id: UInt64) -> Int? {
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      let found = source[positions?[middle] ?? middle].seq
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }

  /// The numbers of the entries, in order.
  package var ids: [UInt64] {
    positions.map { $0.map { source[$0].seq } } ?? source.slice.map(\.seq)
  }

  /// A dispatch's depth: one more than its parent's when the parent is among the (unfiltered)
  /// items kept before it, otherwise 0.
  ///
  /// NB: a loop up the parents, not a recursion: a trace read from a file may chain any number
  /// of records, and each step moves to an earlier item, so the walk ends.
  private func depth(atSource sourceIndex: Int) -> Int {
    var depth = 0
    var index = sourceIndex
    while let parent = source.slice[source.slice.startIndex + index].parentID,
      let parentIndex = indexInSource(ofDispatch: parent, below: index)
    {
      depth += 1
      index = parentIndex
    }
    return depth
  }

  /// The index of the dispatch with this id kept before `end`; a parent is kept just before its
  /// nested dispatches, so the search looks back a bounded way.
  private func indexInSource(ofDispatch id: UInt64, below end: Int) -> Int? {
    var index = end - 1
    while index >= Swift.max(0, end - 256) {
      if source.slice[source.slice.startIndex + index].dispatchID == id { return index }
      index -= 1
    }
    return nil
  }
}
