package import ChainKit

/// The inspector's list: dispatches oldest first (by id), narrowed by scope and filter, each
/// with its nesting depth, computed when an entry is read.
///
/// NB: the list is rebuilt for every frame and every key, over up to 1,000 records, while a
/// frame shows a dozen; so it keeps the records array as it is (shared, not copied), positions
/// into it only when something is filtered out, and works out a depth only for entries read.
package struct InspectorEntries: RandomAccessCollection {
  /// The records, sorted by id.
  private let source: [DispatchRecord]
  /// The positions in ``source`` of the entries, or `nil` when every record is one.
  private let positions: [Int]?

  /// Sorts the records by id (unless they already are) and keeps those `include` accepts.
  init(records: [DispatchRecord], include: ((DispatchRecord) -> Bool)?) {
    var isSorted = true
    for index in records.indices.dropFirst() where records[index - 1].id >= records[index].id {
      isSorted = false
      break
    }
    let source = isSorted ? records : records.sorted { $0.id < $1.id }
    self.source = source
    self.positions = include.map { include in source.indices.filter { include(source[$0]) } }
  }

  /// An entry: the record and how deeply it is nested.
  package typealias Element = (record: DispatchRecord, depth: Int)

  package var startIndex: Int { 0 }
  package var endIndex: Int { positions?.count ?? source.count }

  /// The entry at a position: the record and how deeply it is nested.
  package subscript(position: Int) -> Element {
    let sourceIndex = positions?[position] ?? position
    return (source[sourceIndex], depth(at: sourceIndex))
  }

  /// The position of the entry showing the dispatch with this id, found by binary search.
  package func position(ofID id: UInt64) -> Int? {
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      let found = source[positions?[middle] ?? middle].id
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }

  /// The ids of the entries, in order.
  package var ids: [UInt64] { positions.map { $0.map { source[$0].id } } ?? source.map(\.id) }

  /// A record's depth: one more than its parent's when the parent is among the (unfiltered)
  /// records with a smaller id, otherwise 0.
  private func depth(at sourceIndex: Int) -> Int {
    guard let parent = source[sourceIndex].parent, parent < source[sourceIndex].id,
      let parentIndex = indexInSource(ofID: parent, below: sourceIndex)
    else { return 0 }
    return depth(at: parentIndex) + 1
  }

  private func indexInSource(ofID id: UInt64, below end: Int) -> Int? {
    var low = 0
    var high = end - 1
    while low <= high {
      let middle = (low + high) / 2
      let found = source[middle].id
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }
}
