/// What a ``RecordingProbe`` recorded of one dispatch besides its kept hops and references
/// (``RecordingProbe/take(exchangingKept:box:answeredBy:path:key:)``): plain data.
package struct RecordedWalk {
  /// The dispatch's id.
  package var id: UInt64
  /// The enclosing dispatch's id, or 0.
  package var parent: UInt64
  /// Event or request.
  package var kind: DispatchKind
  /// The order of the walk.
  package var walk: DispatchWalk
  /// The position where a stop, or a request's accepted answer, ended the walk.
  package var end: Int?
  /// When the dispatch began and ended, on the clock and the counter: what gives the hops'
  /// counter readings their times.
  package var span: TraceSpan
}
