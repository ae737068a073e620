/// What opening a dispatch handed out: its id, the dispatch it is nested in and the guard's mark,
/// which ``NodeCore/finish(ctx:runtime:opening:probe:)`` restores and reads.
///
/// Every event and request dispatch opens with ``ChainRuntime/beginDispatch()`` and ends with
/// `finish`, so ids are handed out in the documented order whichever walk runs the dispatch.
@usableFromInline
struct DispatchOpening {
  /// The dispatch's id.
  @usableFromInline let id: UInt64
  /// The id of the dispatch it is nested in; 0 when none is under way.
  @usableFromInline let parentID: UInt64
  /// The guard's count of refusals when the dispatch began: refusals above it are the nested
  /// operations' and go into its outcome.
  @usableFromInline let mark: Int

  @inlinable @inline(__always)
  init(id: UInt64, parentID: UInt64, mark: Int) {
    self.id = id
    self.parentID = parentID
    self.mark = mark
  }
}

extension ChainRuntime {
  /// Opens a dispatch: a fresh id becomes the current one, the one it replaces its parent, and
  /// the guard is entered.
  ///
  /// NB: always inlined: it runs on every post, whose walk keeps the three values in registers.
  @inlinable @inline(__always)
  func beginDispatch() -> DispatchOpening {
    let id = nextDispatchID()
    let parentID = currentDispatchID
    currentDispatchID = id
    return DispatchOpening(id: id, parentID: parentID, mark: enter())
  }
}
