/// The main actor's dispatch bookkeeping, shared by every tree.
///
/// NB: these are plain statics, read on every post. They are main-actor isolated, so no lock is
/// taken on the hot path, and `@exclusivity(unchecked)`: they are only ever read or written in
/// place (never passed `inout` across a call), so the dynamic exclusivity check, which costs more
/// than the access, could never fire.
@MainActor
@usableFromInline
enum DispatchState {
  /// How many dispatches (events and requests) are under way, nested ones included.
  @exclusivity(unchecked) @usableFromInline static var depth = 0
  /// Bumped by every mount, unmount, deallocation and tracer change; cached paths older than
  /// this are recomputed.
  @exclusivity(unchecked) @usableFromInline static var topologyVersion: UInt64 = 1
  /// Marks visited nodes during one path computation or cycle check.
  static var epoch: UInt64 = 0
  /// The last dispatch id handed out.
  @exclusivity(unchecked) @usableFromInline static var lastID: UInt64 = 0
  /// The id of the innermost dispatch under way (0 when none): the parent of a nested one.
  @exclusivity(unchecked) @usableFromInline static var currentID: UInt64 = 0
  /// Set when a nested post hits the nesting limit; every further nested post then fails at
  /// once until the outermost dispatch returns, so a listener that posts twice per call cannot
  /// turn the limit into 2^64 calls.
  static var runaway = false
  /// Nesting failures not yet reported to every enclosing dispatch.
  static var nestingErrors: [ChainError] = [] {
    didSet { nestingErrorCount = nestingErrors.count }
  }
  /// `nestingErrors.count`, read on every post without touching the array.
  @exclusivity(unchecked) @usableFromInline static var nestingErrorCount = 0
  /// Cores whose registration lists hold removed entries, compacted once no dispatch runs.
  static var needCompaction: [NodeCore] = []
  /// Registration storage replaced during a dispatch, freed once no dispatch runs.
  static var retiredStorage: [UnsafeMutablePointer<Unmanaged<Registration>>] = []
  /// Path caches replaced during a dispatch (which may be walking them), released once none runs.
  static var retiredPaths: [PathCache] = []
  /// Whether ``settle()`` has anything to do when the outermost dispatch returns.
  @exclusivity(unchecked) @usableFromInline static var needsSettle = false

  /// The deepest nesting a post may reach before it fails with
  /// ``ChainError/nestingTooDeep(key:limit:)``.
  static var nestingLimit = 64

  static func nextEpoch() -> UInt64 {
    epoch &+= 1
    return epoch
  }

  @inlinable
  static func nextID() -> UInt64 {
    lastID &+= 1
    return lastID
  }

  /// Starts a dispatch (an event or a request): hands out its id and makes it the current one.
  /// ``NodeCore/finish(ctx:parentID:nestingMark:recorder:)`` undoes this with the values returned.
  @inlinable
  static func enter() -> (id: UInt64, parentID: UInt64, nestingMark: Int) {
    let entered = (id: nextID(), parentID: currentID, nestingMark: nestingErrorCount)
    currentID = entered.id
    depth += 1
    return entered
  }

  /// Frees registration storage now, or once no dispatch is under way (one may be reading it).
  static func free(_ storage: UnsafeMutablePointer<Unmanaged<Registration>>) {
    if depth == 0 {
      storage.deallocate()
    } else {
      retiredStorage.append(storage)
      needsSettle = true
    }
  }

  /// Called when the outermost dispatch returns, if `needsSettle` was set.
  @usableFromInline
  static func settle() {
    needsSettle = false
    runaway = false
    nestingErrors.removeAll(keepingCapacity: true)
    if !needCompaction.isEmpty {
      let cores = needCompaction
      needCompaction.removeAll(keepingCapacity: true)
      for core in cores { core.compact() }
    }
    if !retiredPaths.isEmpty {
      // Released after the static is reset: a release may free cores and registrations whose
      // deinit code posts again.
      let paths = retiredPaths
      retiredPaths = []
      withExtendedLifetime(paths) {}
    }
    if !retiredStorage.isEmpty {
      for storage in retiredStorage { storage.deallocate() }
      retiredStorage.removeAll(keepingCapacity: true)
    }
  }
}
