import ChainKit
/// One thing a tracer saw: a dispatch, a mount, an unmount, a binding update.
///
/// Records are `Codable` in the trace schema: one flat JSON object with a `kind` and a
/// `version` (see <doc:Tracing>); ``JSONLinesTraceWriter`` and ``TraceStream`` write one per
/// line.
public enum TraceRecord: Sendable, Equatable {
  /// An event or a request, with every hop it made.
  case dispatch(DispatchRecord)
  /// A node was mounted under a parent.
  case mount(MountRecord)
  /// A node left a parent: unmounted, or released by its owner.
  case unmount(MountRecord)
  /// A binding propagated, suppressed, deferred or dropped something.
  case binding(BindingRecord)
  /// A value shared or removed at a node.
  case share(ShareRecord)
  /// An event published on a bus, with how many subscribers ran.
  case publish(BusRecord)
  /// An event published on a bus that no subscriber heard.
  case deadEvent(BusRecord)
  /// A producer registered, replaced or removed on a bus.
  case producer(ProducerRecord)
  /// A bounded stream dropped an element (see ``ChainStream``).
  case streamDrop(StreamDropRecord)

  /// The key or node names this record is about, for filtering.
  public var keyName: String? {
    switch self {
    case .dispatch(let record): record.key
    case .mount, .unmount: nil
    case .binding(let record): record.group
    case .share(let record): record.key
    case .publish(let record), .deadEvent(let record): record.type
    case .producer(let record): record.type
    case .streamDrop(let record): record.key
    }
  }

  /// Makes this record's descriptions (a dispatch's payload and its rewrites) now, so that
  /// copies read or encoded on other threads show them.
  ///
  /// Descriptions are otherwise made the first time they are read, on the main actor; call this
  /// before sending a record to another thread or task.
  @MainActor
  public func describePayloads() {
    switch self {
    case .dispatch(let record): record.describePayloads()
    case .publish(let record), .deadEvent(let record): record.eventText.box?.describeAll()
    default: break
    }
  }

  /// This record with a dispatch's fields, payload and hops its own (``DispatchRecord``'s
  /// `detached()`), for a tracer that hands it to another thread; other records as they are.
  func detached() -> TraceRecord {
    if case .dispatch(let record) = self { .dispatch(record.detached()) } else { self }
  }

  /// The names of the nodes this record involves, for filtering.
  public var nodeNames: [String] {
    switch self {
    case .dispatch(let record): record.path
    case .mount(let record), .unmount(let record): [record.node, record.parent]
    case .binding: []
    case .share(let record): [record.node]
    case .publish, .deadEvent, .producer: []
    case .streamDrop(let record): [record.source]
    }
  }
}

/// A node joining or leaving a parent.
public struct MountRecord: Codable, Sendable, Equatable {
  /// Why the link changed.
  public enum Reason: String, Codable, Sendable {
    /// `mount(at:)` added the link.
    case mounted
    /// `unmount(from:)` or `unmountFromAll()` removed it.
    case unmounted
    /// The node's owner released the node, which left the tree.
    case released
  }

  /// The child's name.
  public var node: String
  /// The parent's name.
  public var parent: String
  /// Why the link changed.
  public var reason: Reason

  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - node: The child's name.
  ///   - parent: The parent's name.
  ///   - reason: Why the link changed.
  public init(node: String, parent: String, reason: Reason) {
    self.node = node
    self.parent = parent
    self.reason = reason
  }
}
