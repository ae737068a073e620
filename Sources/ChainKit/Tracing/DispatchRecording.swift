/// Builds the record of one traced dispatch: what a ``TraceHook`` makes for each dispatch along
/// a path it is on, with the ``RecordingProbe`` that records the dispatch's hops.
///
/// The probe records each hop itself and calls the recorder only for what few hops have, and at
/// the end; each call is about the probe's current hop (``RecordingProbe/hop``).
@MainActor
@usableFromInline
package protocol DispatchRecording: AnyObject {
  /// The current hop's node is not on the walk: the recorder keeps its name.
  func noteOffWalk(_ node: String)
  /// What became of the listener in `slot` at the current hop, where the packed word
  /// (``RecordedHop/listeners``) cannot hold it; the recorder sets ``RecordedHop/spilled``.
  func noteSpilled(slot: Int, capture: Bool, _ outcome: ListenerOutcome)
  /// Whether a listener of the current hop, whose outcomes spilled, was removed before its turn.
  func spilledContainsRemoved() -> Bool
  /// Listeners at the current hop threw `errors`.
  func noteErrors(_ errors: ArraySlice<any Error>)
  /// The dispatch returned with `outcome`: the recorder hands `activities` (if the path is
  /// observed too) to their observers (``ActivityBatch/deliver()``), then its record to the
  /// tracers, and is not called again.
  ///
  /// `probe` is the recorder's own, which its dispatch held until now; `runtime` is the
  /// dispatch's.
  func finish(
    _ outcome: Outcome, deliveringFirst activities: ActivityBatch?, probe: RecordingProbe,
    in runtime: ChainRuntime)
}
