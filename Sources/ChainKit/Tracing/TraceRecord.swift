/// One thing a tracer saw: a dispatch, a mount, an unmount.
///
/// Records are `Codable`; ``JSONLinesTraceWriter`` writes one per line.
public enum TraceRecord: Codable, Sendable, Equatable {
  /// An event or a request, with every hop it made.
  case dispatch(DispatchRecord)
  /// A node was mounted under a parent.
  case mount(MountRecord)
  /// A node left a parent: unmounted, or released by its owner.
  case unmount(MountRecord)

  /// The key or node names this record is about, for filtering.
  public var keyName: String? {
    switch self {
    case .dispatch(let record): record.key
    case .mount, .unmount: nil
    }
  }

  /// The names of the nodes this record involves, for filtering.
  public var nodeNames: [String] {
    switch self {
    case .dispatch(let record): record.path
    case .mount(let record), .unmount(let record): [record.node, record.parent]
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
}
