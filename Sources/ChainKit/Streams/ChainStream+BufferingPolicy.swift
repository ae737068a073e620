extension ChainStream {
  /// How many elements a stream keeps for a consumer that has not asked for them yet, and which
  /// it drops when it is full.
  ///
  /// The cases mirror `AsyncStream.Continuation.BufferingPolicy`, and the type is nested as that
  /// one is. Every element a bounded stream drops is counted (``ChainStream/droppedCount``) and
  /// reported to the tracers where the stream's source has them (see <doc:Concurrency>). An
  /// unbounded stream never drops.
  public enum BufferingPolicy: Sendable, Hashable {
    /// Keep every element until the consumer takes it.
    case unbounded
    /// Keep at most this many elements; when full, drop the newest (the one arriving).
    case bufferingOldest(Int)
    /// Keep at most this many elements; when full, drop the oldest to make room.
    case bufferingNewest(Int)

    /// The most elements kept, never below zero.
    var limit: Int {
      switch self {
      case .unbounded: Int.max
      case .bufferingOldest(let limit), .bufferingNewest(let limit): Swift.max(0, limit)
      }
    }

    /// Whether a full buffer drops its oldest element rather than the arriving one.
    var dropsOldest: Bool {
      if case .bufferingNewest = self { return true }
      return false
    }

    /// The policy as a trace record spells it.
    var text: String {
      switch self {
      case .unbounded: "unbounded"
      case .bufferingOldest(let limit): "bufferingOldest(\(limit))"
      case .bufferingNewest(let limit): "bufferingNewest(\(limit))"
      }
    }
  }
}

/// The buffering policy of a stream of `Element`, by the name it had before it was nested in
/// ``ChainStream``.
@available(*, deprecated, renamed: "ChainStream.BufferingPolicy")
public typealias StreamBufferingPolicy<Element: Sendable> = ChainStream<Element>.BufferingPolicy
