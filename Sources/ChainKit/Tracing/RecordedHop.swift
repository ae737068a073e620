/// A hop of a traced dispatch where something happened, as the walk went: plain data, so that
/// keeping or copying one retains nothing.
///
/// Its node is named from the path when the record is made; what few hops have (a node not
/// found on the walk, errors, listeners past the packed word's) is kept by the recorder, at
/// ``extra``.
package struct RecordedHop: Sendable {
  package var phase = Phase.target
  /// Its position in the ``DispatchWalk``; -1 if the node was not found on the walk.
  package var position = -1
  package var listenersRun = 0
  package var stopped = false
  package var stoppedImmediately = false
  package var prevented = false
  package var answered = false
  /// Whether its listeners' outcomes spilled from ``listeners`` to its extra.
  package var spilled = false
  /// Its entry in the recorder's extras, or -1.
  package var extra = -1
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
  /// The indices in the box of the payload before and after this node's interceptors; 0
  /// (the posted payload's index) while none ran.
  package var from = 0
  package var to = 0

  package init() {}

  package init(phase: Phase, position: Int) {
    self.phase = phase
    self.position = position
  }
}
