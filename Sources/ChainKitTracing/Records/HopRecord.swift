public import ChainKit

/// What one node did with a dispatch in one phase, or that the dispatch only passed it.
public struct HopRecord: Sendable, Equatable {
  /// The node's name.
  public var node: String
  /// The phase.
  public var phase: Phase
  /// How many listeners ran here.
  public var listenersRun: Int
  /// The payload before this node's interceptors rewrote it, if one ran; described when first
  /// read, like ``DispatchRecord/payload``.
  public var interceptedFrom: String? {
    get { interceptedFromText?.string }
    set { interceptedFromText = newValue.map(TraceText.init) }
  }
  /// The payload after this node's interceptors, if one ran; described when first read.
  public var interceptedTo: String? {
    get { interceptedToText?.string }
    set { interceptedToText = newValue.map(TraceText.init) }
  }
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
  /// Time spent at this hop: from the end of the previous visited hop (or the post) to the end
  /// of this one; 0 for a hop the dispatch only passed.
  ///
  /// Read from the processor's cycle counter and scaled to the dispatch's own clock readings,
  /// so the hops' times together never exceed the dispatch's ``DispatchRecord/elapsedNanoseconds``.
  public var elapsedNanoseconds: UInt64
  /// Whether the dispatch only passed this node: nothing ran, was thrown, stopped, prevented,
  /// answered, rewritten or removed before its turn here.
  public var passed: Bool
  /// Every listener (or responder) the node had for the key when the dispatch arrived, in
  /// registration order, with whether it ran and why not; empty for a passed hop.
  public var listeners: [ListenerRecord] {
    get { listenerRecords.list }
    set { listenerRecords = ListenerRecords(newValue) }
  }
  var listenerRecords = ListenerRecords()
  var interceptedFromText: TraceText?
  var interceptedToText: TraceText?

  /// Creates a hop, for tests and tools that make records of their own.
  ///
  /// - Parameters:
  ///   - node: The node's name.
  ///   - phase: The phase.
  ///   - listenersRun: Listeners (or responders) that ran here.
  ///   - interceptedFrom: The payload before this node's interceptors, if one ran.
  ///   - interceptedTo: The payload after them.
  ///   - stopped: Whether a listener here stopped propagation.
  ///   - stoppedImmediately: Whether the stop was immediate.
  ///   - prevented: Whether a listener here prevented the default.
  ///   - answered: Whether a responder here answered.
  ///   - errors: Errors thrown here.
  ///   - elapsedNanoseconds: Time spent here.
  ///   - passed: Whether the dispatch only passed this node.
  ///   - listeners: What became of each of the node's listeners for the key.
  public init(
    node: String, phase: Phase, listenersRun: Int = 0, interceptedFrom: String? = nil,
    interceptedTo: String? = nil, stopped: Bool = false, stoppedImmediately: Bool = false,
    prevented: Bool = false, answered: Bool = false, errors: [String] = [],
    elapsedNanoseconds: UInt64 = 0, passed: Bool = false, listeners: [ListenerRecord] = []
  ) {
    self.init(
      node: node, phase: phase, listenersRun: listenersRun,
      fromText: interceptedFrom.map(TraceText.init), toText: interceptedTo.map(TraceText.init),
      stopped: stopped, stoppedImmediately: stoppedImmediately, prevented: prevented,
      answered: answered, errors: errors, elapsedNanoseconds: elapsedNanoseconds, passed: passed,
      listeners: ListenerRecords(listeners))
  }

  /// A hop the dispatch only passed; a kept hop's record starts as one and is filled in.
  init(passedAt node: String, phase: Phase) {
    self.node = node
    self.phase = phase
    listenersRun = 0
    stopped = false
    stoppedImmediately = false
    prevented = false
    answered = false
    errors = []
    elapsedNanoseconds = 0
    passed = true
  }

  init(
    node: String, phase: Phase, listenersRun: Int = 0, fromText: TraceText?,
    toText: TraceText?, stopped: Bool = false, stoppedImmediately: Bool = false,
    prevented: Bool = false, answered: Bool = false, errors: [String] = [],
    elapsedNanoseconds: UInt64 = 0, passed: Bool = false, listeners: ListenerRecords = .init()
  ) {
    self.listenerRecords = listeners
    self.node = node
    self.phase = phase
    self.listenersRun = listenersRun
    self.interceptedFromText = fromText
    self.interceptedToText = toText
    self.stopped = stopped
    self.stoppedImmediately = stoppedImmediately
    self.prevented = prevented
    self.answered = answered
    self.errors = errors
    self.elapsedNanoseconds = elapsedNanoseconds
    self.passed = passed
  }
}
