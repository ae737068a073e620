/// A tracer that keeps the most recent records in memory, optionally filtered.
///
/// ```swift
/// let log = TraceLog(capacity: 500, filter: TraceFilter(keys: ["itemClicked"]))
/// root.install(log)
/// ```
@MainActor
public final class TraceLog: Tracer {
  /// The records kept, oldest first.
  public private(set) var records: [TraceRecord] = []
  /// The most records kept; older ones are dropped first.
  public let capacity: Int
  /// Which records are kept.
  public var filter: TraceFilter

  /// Creates an empty log.
  ///
  /// - Parameters:
  ///   - capacity: The most records kept.
  ///   - filter: Which records to keep; all by default.
  public init(capacity: Int = 10_000, filter: TraceFilter = TraceFilter()) {
    self.capacity = max(1, capacity)
    self.filter = filter
  }

  /// Keeps `record` if the filter accepts it.
  public func receive(_ record: TraceRecord) {
    guard filter.accepts(record) else { return }
    if records.count >= capacity { records.removeFirst(records.count - capacity + 1) }
    records.append(record)
  }

  /// The dispatch records kept, oldest first.
  public var dispatches: [DispatchRecord] {
    records.compactMap { if case .dispatch(let record) = $0 { record } else { nil } }
  }

  /// Drops every record.
  public func removeAll() { records.removeAll() }
}

/// Which records a tracer keeps: by key name and by node name.
///
/// An empty set accepts all.
public struct TraceFilter: Sendable, Equatable {
  /// Key names to keep; empty keeps every key (and records without a key).
  public var keys: Set<String>
  /// Node names to keep: a record is kept if it involves one of them; empty keeps all.
  public var nodes: Set<String>

  /// Creates a filter.
  ///
  /// - Parameters:
  ///   - keys: Key names to keep; empty for all.
  ///   - nodes: Node names to keep; empty for all.
  public init(keys: Set<String> = [], nodes: Set<String> = []) {
    self.keys = keys
    self.nodes = nodes
  }

  /// Whether `record` passes the filter.
  public func accepts(_ record: TraceRecord) -> Bool {
    if !keys.isEmpty {
      guard let key = record.keyName, keys.contains(key) else { return false }
    }
    if !nodes.isEmpty, !record.nodeNames.contains(where: nodes.contains) { return false }
    return true
  }
}
