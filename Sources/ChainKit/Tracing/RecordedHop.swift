/// A hop of a traced dispatch where something happened, as the walk went: plain data, so that
/// keeping or copying one retains nothing.
///
/// Its node is named from the path when the record is made; what few hops have (a node not
/// found on the walk, errors, listeners past the packed word's) is kept by the recorder, at
/// ``extra``.
///
/// NB: packed (counts and indices in 32 bits, the flags in a byte): a traced dispatch writes one
/// per pass where something happened, and each word fewer is a store fewer. Every count and
/// index fits (a walk's positions, a hop's listeners, a box's rewrites, a dispatch's extras);
/// builds with `CHAINKIT_INVARIANTS` check each one set.
package struct RecordedHop: Sendable {
  /// The counter when the previous visited hop ended, or the dispatch began.
  ///
  /// Where this hop's time begins (``TraceClock/ticks()``), made a duration with the dispatch's
  /// ``TraceSpan``.
  package var beganTicks: UInt64 = 0
  /// The counter when this hop ended (not before ``beganTicks``).
  package var endedTicks: UInt64 = 0
  /// What became of each listener seen here, by slot (``PackedListenerOutcomes``), unless they
  /// ``spilled``.
  package var listeners: UInt64 = 0
  private var packedPosition: Int32 = -1
  private var packedListenersRun: Int32 = 0
  private var packedExtra: Int32 = -1
  private var packedFrom: Int32 = 0
  private var packedTo: Int32 = 0
  package var phase = Phase.target
  private var flags: UInt8 = 0

  private static let stoppedBit: UInt8 = 1
  private static let stoppedImmediatelyBit: UInt8 = 2
  private static let preventedBit: UInt8 = 4
  private static let answeredBit: UInt8 = 8
  private static let spilledBit: UInt8 = 16

  package init() {}

  package init(phase: Phase, position: Int) {
    self.phase = phase
    self.position = position
  }

  /// A hop of a pass that ran its listeners and threw nothing, whole: built in one go, as the
  /// recording plan's passes keep them.
  @inline(__always)
  package init(
    phase: Phase, position: Int, listeners: UInt64, listenersRun: Int, stopped: Bool,
    stoppedImmediately: Bool, prevented: Bool, beganTicks: UInt64, endedTicks: UInt64
  ) {
    self.beganTicks = beganTicks
    self.endedTicks = endedTicks
    self.listeners = listeners
    self.phase = phase
    self.position = position
    self.listenersRun = listenersRun
    flags =
      (stopped ? Self.stoppedBit : 0)
      | (stopped && stoppedImmediately ? Self.stoppedImmediatelyBit : 0)
      | (prevented ? Self.preventedBit : 0)
  }

  /// Its position in the ``DispatchWalk``; -1 if the node was not found on the walk.
  package var position: Int {
    get { Int(packedPosition) }
    set { packedPosition = Self.packed(newValue) }
  }
  package var listenersRun: Int {
    get { Int(packedListenersRun) }
    set { packedListenersRun = Self.packed(newValue) }
  }
  /// Its entry in the recorder's extras, or -1.
  package var extra: Int {
    get { Int(packedExtra) }
    set { packedExtra = Self.packed(newValue) }
  }
  /// The indices in the box of the payload before and after this node's interceptors; 0
  /// (the posted payload's index) while none ran.
  package var from: Int {
    get { Int(packedFrom) }
    set { packedFrom = Self.packed(newValue) }
  }
  package var to: Int {
    get { Int(packedTo) }
    set { packedTo = Self.packed(newValue) }
  }
  package var stopped: Bool {
    get { flags & Self.stoppedBit != 0 }
    set { set(Self.stoppedBit, newValue) }
  }
  package var stoppedImmediately: Bool {
    get { flags & Self.stoppedImmediatelyBit != 0 }
    set { set(Self.stoppedImmediatelyBit, newValue) }
  }
  package var prevented: Bool {
    get { flags & Self.preventedBit != 0 }
    set { set(Self.preventedBit, newValue) }
  }
  package var answered: Bool {
    get { flags & Self.answeredBit != 0 }
    set { set(Self.answeredBit, newValue) }
  }
  /// Whether its listeners' outcomes spilled from ``listeners`` to its extra.
  package var spilled: Bool {
    get { flags & Self.spilledBit != 0 }
    set { set(Self.spilledBit, newValue) }
  }

  private mutating func set(_ bit: UInt8, _ on: Bool) {
    flags = on ? flags | bit : flags & ~bit
  }

  /// `value` in 32 bits (checked in invariant builds).
  @inline(__always)
  private static func packed(_ value: Int) -> Int32 {
    #if CHAINKIT_INVARIANTS
      precondition(Int32(exactly: value) != nil, "a recorded hop's count or index past 32 bits")
    #endif
    return Int32(truncatingIfNeeded: value)
  }
}
