import ChainKit
package import ChainKitTracing

/// The tracer installed on a scene's root: it keeps the scene's records for the inspector, and
/// forwards every record to an optional second tracer (the `--trace` JSON Lines writer).
///
/// It feeds the inspector only: panels hear their own nodes (``Panel/hearOwnNode()``), so a
/// scene's logs do not depend on tracing or on panel names.
///
/// A dispatch is handled once even if the tracer is installed on several nodes of its path (a
/// detached subtree keeps its own installation), because records carry a unique id.
@MainActor
package final class SceneTracer: Tracer {
  /// Called with each dispatch as it is kept, in posting order (nested ones after their
  /// parent): for a scene rebuilt from a trace, whose panels have no live nodes to hear.
  package var onKeep: ((DispatchRecord) -> Void)?
  /// The scene's id: the `scope` of the trace lines its records are written with.
  package var sceneID: String?
  /// Receives every record as well, such as a JSON Lines writer.
  package var forward: (any Tracer)?
  /// The most dispatches kept.
  package let capacity: Int
  /// The dispatches seen, oldest first, at most ``capacity``.
  ///
  /// NB: slices, so dropping the oldest only moves their start: an array's `removeFirst` moved
  /// every kept record on each record past the capacity, most of a key press's cost.
  package private(set) var dispatches: ArraySlice<DispatchRecord> = []
  /// The highest id among the kept dispatches, `nil` while none is kept; what a harness window
  /// starts from, kept up to date so that each key need not scan the dispatches.
  package private(set) var highestKeptID: UInt64?
  /// Every record kept, of every kind, numbered in the order kept, at most 2 x ``capacity``.
  package private(set) var items: ArraySlice<InspectorItem> = []
  /// The number the next item gets.
  private var nextSeq: UInt64 = 1
  /// Each binding's member changed last: the one its updates follow.
  private var bindingSources: [UInt64: String] = [:]
  /// The inspector's row text and numbers for the kept dispatches, made once per dispatch.
  let rowText: InspectorRowText
  /// The inspector's list rows as drawn, per item.
  let rowCells: InspectorRowCells
  /// Ids of the kept dispatches, to drop a record delivered twice.
  private var seen: Set<UInt64> = []
  /// Nested dispatches whose outermost dispatch has not finished yet.
  private var pending: [(record: DispatchRecord, time: UInt64)] = []

  /// Creates a tracer that keeps up to `capacity` dispatches.
  package init(capacity: Int = 1_000) {
    self.capacity = max(1, capacity)
    self.rowText = InspectorRowText(capacity: 2 * max(1, capacity))
    self.rowCells = InspectorRowCells(capacity: 2 * max(1, capacity))
  }

  /// Keeps, routes and forwards one record.
  package func receive(_ record: TraceRecord) {
    // NB: taken on arrival, as a trace writer stamps its lines: a nested dispatch is kept after
    // its parent, but it ended before it.
    let now = TraceClock.now()
    switch record {
    case .dispatch(let dispatch):
      guard seen.insert(dispatch.id).inserted else { return }
      // NB: a nested dispatch's record arrives before the record of the one that posted it.
      // Hold nested ones until the outermost arrives, so logs read in the order of posting.
      guard dispatch.parent == nil else {
        pending.append((dispatch, now))
        break
      }
      keep(dispatch, at: now)
      onKeep?(dispatch)
      if !pending.isEmpty {
        pending.sort { $0.record.id < $1.record.id }
        for (record, time) in pending {
          keep(record, at: time)
          onKeep?(record)
        }
        pending.removeAll(keepingCapacity: true)
      }
    default:
      append(record, at: now)
    }
    // A trace file's lines say which scene they came from (the schema's `scope`).
    if let writer = forward as? JSONLinesTraceWriter, let id = sceneID,
      writer.scope != id
    {
      writer.scope = id
    }
    forward?.receive(record)
  }

  /// Adds an item for the inspector, dropping the oldest past twice the capacity.
  private func append(_ record: TraceRecord, at time: UInt64) {
    var source: String?
    if case .binding(let binding) = record {
      // A binding's updates follow the change it records first; the sentence names that member.
      if binding.kind == .change { bindingSources[binding.groupID] = binding.member }
      if binding.kind == .update { source = bindingSources[binding.groupID] }
    }
    items.append(
      InspectorItem(seq: nextSeq, record: record, bindingSource: source, time: time))
    nextSeq += 1
    if items.count > 2 * capacity { items.removeFirst(items.count - 2 * capacity) }
  }

  private func keep(_ dispatch: DispatchRecord, at time: UInt64) {
    append(.dispatch(dispatch), at: time)
    dispatches.append(dispatch)
    rowText.number(dispatch)
    highestKeptID = max(highestKeptID ?? dispatch.id, dispatch.id)
    if dispatches.count > capacity {
      var droppedHighest = false
      for dropped in dispatches.prefix(dispatches.count - capacity) {
        seen.remove(dropped.id)
        rowText.forget(dropped)
        droppedHighest = droppedHighest || dropped.id == highestKeptID
      }
      dispatches.removeFirst(dispatches.count - capacity)
      // Ids grow as dispatches are kept, so this scan is for an out-of-order record only.
      if droppedHighest { highestKeptID = dispatches.lazy.map(\.id).max() }
    }
  }
}
