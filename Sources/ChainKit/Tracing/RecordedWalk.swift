/// What a ``RecordingProbe`` recorded of one dispatch besides its kept hops and references
/// (``RecordingProbe/take(exchangingKept:box:answeredBy:path:)``): plain data.
package struct RecordedWalk {
  /// The order of the walk.
  package var walk: DispatchWalk
  /// The position where a stop, or a request's accepted answer, ended the walk.
  package var end: Int?
  /// When the dispatch began and ended, on the clock and the counter: what gives the hops'
  /// counter readings their times.
  package var span: TraceSpan
}
