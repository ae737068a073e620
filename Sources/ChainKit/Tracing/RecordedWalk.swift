/// What a ``RecordingProbe`` recorded of one dispatch (``RecordingProbe/take()``).
package struct RecordedWalk {
  /// The order of the walk.
  package var walk: DispatchWalk
  /// The hops where something happened, in walk order.
  package var kept: ContiguousArray<RecordedHop>
  /// The position where a stop, or a request's accepted answer, ended the walk.
  package var end: Int?
  /// For a request: the node whose responder answered first.
  package var answeredBy: String?
  /// When the dispatch began and ended, on the clock and the counter: what gives the hops'
  /// counter readings their times.
  package var span: TraceSpan
  /// The payload and its rewrites.
  package var box: DescriptionBox?
  /// The path walked, or none for a dispatch that never walked one.
  ///
  /// Its names are the record's; its hooks, the tracers the record goes to; its runtime, the
  /// door the record goes through.
  package var path: PathCache?
}
