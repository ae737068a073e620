public import ChainKit

/// The structured account of one dispatch: what was posted, where it went, what each hop did.
///
/// The payload is kept as it was posted and described with `String(describing:)` the first time
/// ``payload`` is read or the record is encoded, on the main actor (see <doc:Tracing>).
public struct DispatchRecord: Sendable, Equatable {
  /// Whether the dispatch was an event or a request.
  public typealias Kind = DispatchKind

  /// The fields, shared by copies of the record until one of them changes a field.
  ///
  /// NB: one reference, not a field per property: a record is made and dropped once per traced
  /// dispatch, and each reference-counted field would be retained and released with it.
  var storage: DispatchRecordStorage

  /// The dispatch's id, unique in the process.
  public var id: UInt64 {
    get { storage.id }
    set { unique().id = newValue }
  }
  /// The id of the dispatch whose listener posted this one, if nested.
  public var parent: UInt64? {
    get { storage.parent }
    set { unique().parent = newValue }
  }
  /// Event or request.
  public var kind: Kind {
    get { storage.kind }
    set { unique().kind = newValue }
  }
  /// The key's name.
  public var key: String {
    get { storage.key }
    set { unique().key = newValue }
  }
  /// The payload as `String(describing:)` prints it.
  ///
  /// Described the first time it is read (or the record is encoded) on the main actor, from the
  /// payload as posted; a payload of reference type is described as it is then. Read on another
  /// thread first, it is a placeholder naming the payload's type: call
  /// ``TraceRecord/describePayloads()`` on the main actor before sending a record elsewhere.
  public var payload: String {
    get { storage.payload.string }
    set { unique().payloadText = TraceText(newValue) }
  }
  /// The target's name.
  public var origin: String {
    get { storage.origin ?? storage.path.first ?? "" }
    set { unique().origin = newValue }
  }
  /// The names of the nodes on the path, in bubble order (target first).
  public var path: [String] {
    get { storage.path }
    set {
      let storage = unique()
      // The recorded hops and the origin are named from the path: made from the old one first.
      if storage.madeHops == nil { storage.madeHops = storage.hopList.records }
      if storage.origin == nil { storage.origin = storage.path.first ?? "" }
      storage.path = newValue
      storage.checkInvariantsIfEnabled()
    }
  }
  /// The hops of the walk, in visiting order.
  ///
  /// Every node and phase where something ran (a listener, responder or interceptor), was
  /// thrown, stopped, prevented or answered has a hop, and every other node the dispatch reached
  /// has one hop marked ``HopRecord/passed`` (see <doc:TraceSchema>). Nodes after the one where
  /// it stopped have no hop.
  public var hops: [HopRecord] {
    get { storage.hopList.records }
    set {
      unique().madeHops = newValue
      storage.checkInvariantsIfEnabled()
    }
  }
  /// Listeners (or responders) that ran, in all.
  public var listenersRun: Int {
    get { storage.listenersRun }
    set { unique().listenersRun = newValue }
  }
  /// Whether propagation was stopped.
  public var stopped: Bool {
    get { storage.stopped }
    set { unique().stopped = newValue }
  }
  /// Whether the default was prevented.
  public var prevented: Bool {
    get { storage.prevented }
    set { unique().prevented = newValue }
  }
  /// For a request: the node whose responder answered first.
  public var answeredBy: String? {
    get { storage.answeredBy }
    set { unique().answeredBy = newValue }
  }
  /// Errors thrown by listeners, and ChainKit's own (a nesting limit).
  public var errors: [String] {
    get { storage.errors }
    set { unique().errors = newValue }
  }
  /// Wall time from the post to its return.
  public var elapsedNanoseconds: UInt64 {
    get { storage.elapsedNanoseconds }
    set { unique().elapsedNanoseconds = newValue }
  }
  /// The payload's description, made when first read.
  var payloadText: TraceText { storage.payload }
  /// The hops, made when first read.
  var hopList: HopList { storage.hopList }

  init(storage: DispatchRecordStorage) {
    self.storage = storage
  }

  /// The storage, copied first if another record shares it: what a setter writes to.
  private mutating func unique() -> DispatchRecordStorage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// Whether two records say the same: every field equal (reading both payloads and hops
  /// describes and makes them).
  ///
  /// - Parameters:
  ///   - lhs: A record.
  ///   - rhs: Another record.
  /// - Returns: Whether every field is equal.
  public static func == (lhs: DispatchRecord, rhs: DispatchRecord) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.id == rhs.id && lhs.parent == rhs.parent && lhs.kind == rhs.kind
      && lhs.key == rhs.key && lhs.origin == rhs.origin && lhs.path == rhs.path
      && lhs.listenersRun == rhs.listenersRun && lhs.stopped == rhs.stopped
      && lhs.prevented == rhs.prevented && lhs.answeredBy == rhs.answeredBy
      && lhs.errors == rhs.errors && lhs.elapsedNanoseconds == rhs.elapsedNanoseconds
      && lhs.payloadText == rhs.payloadText && lhs.hopList == rhs.hopList
  }
}

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
    let storage = DispatchRecordStorage()
    storage.id = id
    storage.parent = parent
    storage.kind = kind
    storage.key = key
    storage.payloadText = TraceText(payload)
    storage.origin = origin
    storage.path = path
    storage.madeHops = hops
    storage.listenersRun = listenersRun
    storage.stopped = stopped
    storage.prevented = prevented
    storage.answeredBy = answeredBy
    storage.errors = errors
    storage.elapsedNanoseconds = elapsedNanoseconds
    self.init(storage: storage)
  }

  /// Makes the descriptions of the payload and of the interceptors' rewrites now.
  @MainActor
  func describePayloads() {
    storage.box?.describeAll()
  }

  /// A record equal to this one whose fields, payload text and hops are its own, described and
  /// made now: what a record that leaves the main actor carries.
  ///
  /// NB: the recorder fills its storage again, and a later event refills the payload box, once
  /// no record holds them; only the reference count orders that reuse after another thread's
  /// last read, and the thread sanitizer cannot see the runtime's reference counting, so a
  /// record read on another thread holds neither.
  func detached() -> DispatchRecord {
    let made = storage.copy()
    made.payloadText = TraceText(storage.payload.string)
    made.madeHops = storage.hopList.records.map { hop in
      var own = hop
      // Setting a text makes it a string, no longer a value of the box described on demand.
      own.interceptedFrom = hop.interceptedFrom
      own.interceptedTo = hop.interceptedTo
      return own
    }
    made.box = nil
    made.kept = []
    made.extras = []
    made.checkInvariantsIfEnabled()
    return DispatchRecord(storage: made)
  }
}
