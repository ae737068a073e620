/// The structured account of one dispatch: what was posted, where it went, what each hop did.
public struct DispatchRecord: Codable, Sendable, Equatable {
  /// Whether the dispatch was an event or a request.
  public enum Kind: String, Codable, Sendable {
    /// An event posted with `post`.
    case event
    /// A request made with `request` or `requestAll`.
    case request
  }

  /// The dispatch's id, unique in the process.
  public var id: UInt64
  /// The id of the dispatch whose listener posted this one, if nested.
  public var parent: UInt64?
  /// Event or request.
  public var kind: Kind
  /// The key's name.
  public var key: String
  /// The payload as `String(describing:)` printed it when posted.
  public var payload: String
  /// The target's name.
  public var origin: String
  /// The names of the nodes on the path, in bubble order (target first).
  public var path: [String]
  /// What each visited node did, in visiting order; nodes without a registration for the key
  /// are skipped and do not appear.
  public var hops: [HopRecord]
  /// Listeners (or responders) that ran, in all.
  public var listenersRun: Int
  /// Whether propagation was stopped.
  public var stopped: Bool
  /// Whether the default was prevented.
  public var prevented: Bool
  /// For a request: the node whose responder answered first.
  public var answeredBy: String?
  /// Errors thrown by listeners, and ChainKit's own (a nesting limit).
  public var errors: [String]
  /// Wall time from the post to its return.
  public var elapsedNanoseconds: UInt64
}

/// What one node did with a dispatch in one phase.
public struct HopRecord: Codable, Sendable, Equatable {
  /// The node's name.
  public var node: String
  /// The phase.
  public var phase: Phase
  /// How many listeners ran here.
  public var listenersRun: Int
  /// The payload before this node's interceptors rewrote it, if one ran.
  public var interceptedFrom: String?
  /// The payload after this node's interceptors, if one ran.
  public var interceptedTo: String?
  /// Whether a listener here called `stopPropagation()`.
  public var stopped: Bool
  /// Whether a listener here called `stopImmediatePropagation()`.
  public var stoppedImmediately: Bool
  /// Whether a listener here called `preventDefault()`.
  public var prevented: Bool
  /// Whether a responder here answered the request.
  public var answered: Bool
  /// Errors thrown here.
  public var errors: [String]
  /// Time spent at this hop.
  public var elapsedNanoseconds: UInt64
}
