/// Where a dispatch is among its path's hits, and the hits themselves, found again if a node on
/// the path gains registrations for the key during the dispatch.
///
/// A path's hits are found before the first listener runs. A listener may register the key at a
/// node further along the path that had none: as in the DOM, that node's listeners are taken when
/// the event reaches it, so the walk must stop there too. Gaining a key takes a fresh stamp of the
/// runtime (``ChainRuntime/lastStamp``); one comparison per visited node notices, and the rest of the walk uses
/// hits found afresh over the same path (the path itself never changes during a dispatch).
@usableFromInline
@MainActor
struct HitWalk {
  @usableFromInline var entries: UnsafeMutableBufferPointer<PathHit>
  /// Hits found afresh during the walk, kept alive by the walk (cached hits live in the path).
  @usableFromInline var fresh: PathHits?
  @usableFromInline var seen: UInt64
  /// The path, unretained: the dispatch's target keeps it (see ``PathCache``).
  @usableFromInline let path: Unmanaged<PathCache>
  /// The runtime whose stamps tell of changes, unretained: every node holds it.
  @usableFromInline let runtime: Unmanaged<ChainRuntime>
  @usableFromInline let keyID: Int

  /// A walk along `core`'s cached path, which must be current.
  @inlinable
  init(along core: borrowing NodeCore, runtime: borrowing ChainRuntime, keyID: Int) {
    var capturesAbove = false
    self.init(along: core, runtime: runtime, keyID: keyID, capturesAbove: &capturesAbove)
  }

  /// A walk along `core`'s cached path, which must be current, and whether a node above the
  /// target has capture listeners (``PathHits/capturesAbove``).
  ///
  /// Both references are borrowed: an initialiser's parameters are otherwise owned, and the
  /// optimizer would retain both across the lookup of the hits, which it cannot see through.
  @inlinable
  init(
    along core: borrowing NodeCore, runtime: borrowing ChainRuntime, keyID: Int,
    capturesAbove: inout Bool
  ) {
    path = Unmanaged.passUnretained(core.cachedPath)
    self.runtime = Unmanaged.passUnretained(runtime)
    self.keyID = keyID
    seen = runtime.lastStamp
    (entries, capturesAbove) = withUnretained(path) { $0.hits(for: keyID) }
  }

  /// A walk along `path` over its hits for `keyID` found afresh: where a dispatch that walked its
  /// plan goes on once the key's registrations changed under it.
  ///
  /// `path` is the dispatch's path, which its target may since have replaced (it is kept until
  /// the outermost operation returns).
  @usableFromInline
  init(afreshAlong path: Unmanaged<PathCache>, runtime: ChainRuntime, keyID: Int) {
    self.path = path
    self.runtime = Unmanaged.passUnretained(runtime)
    self.keyID = keyID
    seen = runtime.lastStamp
    let hits = withUnretained(path) { $0.freshHits(for: keyID) }
    fresh = hits
    entries = hits.entries
  }

  /// The path; read it where it is used, never into a variable that would retain it.
  @inlinable
  var cache: PathCache { path.takeUnretainedValue() }

  /// Whether something changed since the hits were found; if so, `entries` are found afresh.
  @inlinable @inline(__always)
  mutating func refreshIfChanged() -> Bool {
    // The common case, nothing changed, falls through with no jump.
    guard _slowPath(withUnretained(runtime, { $0.lastStamp }) != seen) else { return false }
    refresh()
    return true
  }

  @usableFromInline
  mutating func refresh() {
    seen = withUnretained(runtime) { $0.lastStamp }
    let hits = withUnretained(path) { $0.freshHits(for: keyID) }
    fresh = hits
    entries = hits.entries
  }

  /// The position of the first hit at a path index above `pathIndex`.
  @usableFromInline
  func firstPosition(after pathIndex: Int) -> Int {
    var position = 0
    while position < entries.count, entries[position].index <= pathIndex { position += 1 }
    return position
  }

  /// The position of the last hit at a path index below `pathIndex` (-1 if none).
  @usableFromInline
  func lastPosition(before pathIndex: Int) -> Int {
    var position = entries.count - 1
    while position >= 0, entries[position].index >= pathIndex { position -= 1 }
    return position
  }
}
