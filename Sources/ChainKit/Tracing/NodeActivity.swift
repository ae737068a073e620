/// What one event or request did at one node in one phase, as that node's activity observer
/// sees it.
///
/// An observer added with ``Node/observeActivity(_:)`` gets one activity per phase in which a
/// dispatch reached its node: the capture phase on the way down, the target, the bubble phase on
/// the way up (a request: the target, then each ancestor), including phases where nothing ran
/// there (``passed``). It says what the node's `HopRecord` in the dispatch's `DispatchRecord` (ChainKitTracing)
/// would say, matched to the node by identity, so two nodes with the same name are never
/// confused; no record is built for it.
public struct NodeActivity: Sendable, Equatable {
  /// The dispatch's id, as in a trace's `DispatchRecord.id`.
  public var dispatchID: UInt64
  /// The id of the dispatch whose listener posted this one, if nested.
  public var parentID: UInt64?
  /// Event or request.
  public var kind: DispatchKind
  /// The key's name.
  public var key: String
  /// The phase in which the dispatch reached the node.
  public var phase: Phase
  /// The name of the node the event was posted to (or the request asked of).
  public var target: String
  /// The payload as posted, as `String(describing:)` prints it; described when first read.
  public var payload: String { payloadText.string }
  /// The payload before this node's interceptors rewrote it, if one ran here.
  public var rewrittenFrom: String? { rewrittenFromText?.string }
  /// The payload after this node's interceptors rewrote it, if one ran here.
  public var rewrittenTo: String? { rewrittenText?.string }
  /// How many listeners (or responders) ran here in this phase.
  public var listenersRun: Int
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
  /// Whether the dispatch only passed the node: nothing ran, stopped, was thrown or rewritten.
  public var passed: Bool
  let payloadText: TraceText
  var rewrittenFromText: TraceText?
  var rewrittenText: TraceText?

  /// The activity of a dispatch that only passed the node in `phase`; ``ActivityProbe`` fills in
  /// what happened at a hop where something did.
  init(
    dispatchID: UInt64, parentID: UInt64?, kind: DispatchKind, key: String, phase: Phase,
    target: String, payloadText: TraceText
  ) {
    self.dispatchID = dispatchID
    self.parentID = parentID
    self.kind = kind
    self.key = key
    self.phase = phase
    self.target = target
    self.payloadText = payloadText
    rewrittenFromText = nil
    rewrittenText = nil
    listenersRun = 0
    stopped = false
    stoppedImmediately = false
    prevented = false
    answered = false
    errors = []
    passed = true
  }
}
