import ChainKit
package import ChainKitTracing

/// One row of the inspector's list: a trace record of any kind, numbered in the order the
/// scene's tracer kept it.
package struct InspectorItem: Sendable {
  /// The kinds the inspector's scope can narrow the list to.
  package enum Kind: String, CaseIterable, Sendable {
    /// An event dispatch.
    case event
    /// A request dispatch.
    case request
    /// A bus publish, a dead event or a producer change.
    case bus
    /// A value shared or removed at a node.
    case data
    /// A binding update.
    case binding
    /// A mount or an unmount.
    case mount
  }

  /// The item's number in its scene: what the list is ordered by and selection refers to.
  package let seq: UInt64
  /// The record.
  package let record: TraceRecord
  /// For a binding's update, the member whose change it passes on, when the scene saw it.
  package let bindingSource: String?
  /// When the scene's tracer received the record, in the trace clock's nanoseconds: a trace
  /// exported from the inspector places it there.
  package let time: UInt64
  /// The dispatch's id, when the record is one.
  ///
  /// NB: kept beside the record, as is ``parentID``: the list reads them for every row it
  /// shows on every frame, and reading them out of the record copied the whole dispatch.
  let dispatchID: UInt64?
  /// The id of the dispatch this one is nested in, when the record is a nested dispatch.
  let parentID: UInt64?

  /// Creates an item.
  package init(seq: UInt64, record: TraceRecord, bindingSource: String? = nil, time: UInt64 = 0) {
    self.seq = seq
    self.record = record
    self.bindingSource = bindingSource
    self.time = time
    if case .dispatch(let dispatch) = record {
      dispatchID = dispatch.id
      parentID = dispatch.parent
    } else {
      dispatchID = nil
      parentID = nil
    }
  }

  /// The dispatch, when the record is one.
  package var dispatch: DispatchRecord? {
    if case .dispatch(let dispatch) = record { dispatch } else { nil }
  }

  /// The kind, for the scope filter.
  package var kind: Kind {
    switch record {
    case .dispatch(let dispatch): dispatch.kind == .request ? .request : .event
    case .publish, .deadEvent, .producer: .bus
    case .streamDrop: .event
    case .share: .data
    case .binding: .binding
    case .mount, .unmount: .mount
    }
  }

  /// The one-line summary of a record that is not a dispatch ("publish Tick(count: 3) on tolo
  /// -> 2 subscribers").
  var summary: String {
    switch record {
    case .dispatch(let dispatch):
      concatenated(dispatch.key, " ", joined(dispatch.path, separator: ">"))
    case .publish(let bus):
      "publish \(bus.event) on \(bus.bus) -> \(counted(bus.subscribersRun, "subscriber"))"
        + (bus.source == .publish ? "" : " (\(bus.source.rawValue))")
    case .deadEvent(let bus): "dead event \(bus.event) on \(bus.bus): nobody subscribed"
    case .producer(let producer):
      "producer \(producer.action.rawValue) for \(producer.type) on \(producer.bus)"
    case .share(let share):
      concatenated(
        "share ", share.key, " = ", share.value, " at ", share.node, " (", share.action.rawValue,
        ", ", String(share.subscribersNotified), " notified)")
    case .binding(let binding): BindingSentence.text(of: binding, source: bindingSource)
    case .streamDrop(let drop):
      "stream \(drop.key) at \(drop.source) dropped an element (\(drop.dropped) so far, \(drop.policy))"
    case .mount(let mount): "mount \(mount.node) under \(mount.parent)"
    case .unmount(let mount):
      "unmount \(mount.node) from \(mount.parent) (\(mount.reason.rawValue))"
    }
  }

  /// Whether the record's key, type, nodes or summary contain `needle` (lowercased).
  func matches(_ needle: String) -> Bool {
    if let dispatch {
      return dispatch.key.lowercased().contains(needle)
        || dispatch.path.contains { $0.lowercased().contains(needle) }
    }
    return summary.lowercased().contains(needle)
  }

  /// Whether the record involves the node of this name.
  func involves(_ node: String) -> Bool {
    if let dispatch { return dispatch.path.contains(node) }
    return record.nodeNames.contains(node)
  }
}
