public import ChainKit

/// The structured account of one dispatch: what was posted, where it went, what each hop did.
///
/// The payload is kept as it was posted and described with `String(describing:)` the first time
/// ``payload`` is read or the record is encoded, on the main actor (see <doc:Tracing>).
public struct DispatchRecord: Sendable, Equatable {
  /// Whether the dispatch was an event or a request.
  public typealias Kind = DispatchKind

  /// The dispatch's id, unique in the process.
  public var id: UInt64
  /// The id of the dispatch whose listener posted this one, if nested.
  public var parent: UInt64?
  /// Event or request.
  public var kind: Kind
  /// The key's name.
  public var key: String
  /// The payload as `String(describing:)` prints it.
  ///
  /// Described the first time it is read (or the record is encoded) on the main actor, from the
  /// payload as posted; a payload of reference type is described as it is then. Read on another
  /// thread first, it is a placeholder naming the payload's type: call
  /// ``TraceRecord/describePayloads()`` on the main actor before sending a record elsewhere.
  public var payload: String {
    get { payloadText.string }
    set { payloadText = TraceText(newValue) }
  }
  /// The target's name.
  public var origin: String
  /// The names of the nodes on the path, in bubble order (target first).
  public var path: [String]
  /// The hops of the walk, in visiting order.
  ///
  /// Every node and phase where something ran (a listener, responder or interceptor), was
  /// thrown, stopped, prevented or answered has a hop, and every other node the dispatch reached
  /// has one hop marked ``HopRecord/passed`` (see <doc:TraceSchema>). Nodes after the one where
  /// it stopped have no hop.
  public var hops: [HopRecord] {
    get { hopList.records }
    set { hopList = .made(newValue) }
  }
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
  /// The payload's description, made when first read.
  var payloadText: TraceText
  /// The hops, made when first read.
  var hopList: HopList
}

// NB: the inits are in an extension so that the record has its memberwise init: an init written
// in the body builds the record in a temporary and copies it out, a retain and a release per
// field.
extension DispatchRecord {
  /// Creates a record, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - id: The dispatch id.
  ///   - parent: The id of the dispatch whose listener posted this one, if any.
  ///   - kind: Event or request.
  ///   - key: The key's name.
  ///   - payload: The payload's description.
  ///   - origin: The target's name.
  ///   - path: The path's node names, target first.
  ///   - hops: The hops, in visiting order.
  ///   - listenersRun: Listeners (or responders) that ran, in all.
  ///   - stopped: Whether propagation was stopped.
  ///   - prevented: Whether the default was prevented.
  ///   - answeredBy: The node that answered a request.
  ///   - errors: Every error thrown.
  ///   - elapsedNanoseconds: Time from the post to its return.
  public init(
    id: UInt64, parent: UInt64? = nil, kind: Kind = .event, key: String, payload: String,
    origin: String,
    path: [String], hops: [HopRecord] = [], listenersRun: Int = 0, stopped: Bool = false,
    prevented: Bool = false, answeredBy: String? = nil, errors: [String] = [],
    elapsedNanoseconds: UInt64 = 0
  ) {
    self.init(
      id: id, parent: parent, kind: kind, key: key, origin: origin, path: path,
      listenersRun: listenersRun, stopped: stopped, prevented: prevented, answeredBy: answeredBy,
      errors: errors, elapsedNanoseconds: elapsedNanoseconds, payloadText: TraceText(payload),
      hopList: .made(hops))
  }

  /// Makes the descriptions of the payload and of the interceptors' rewrites now.
  @MainActor
  func describePayloads() {
    payloadText.box?.describeAll()
  }
}
