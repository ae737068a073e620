/// The main actor's dispatch bookkeeping, shared by every tree.
///
/// NB: these are plain statics, read on every post. They are main-actor isolated, so no lock is
/// taken on the hot path.
@MainActor
enum DispatchState {
  /// How many dispatches (events and requests) are under way, nested ones included.
  static var depth = 0
  /// Bumped by every mount, unmount, deallocation and tracer change; cached paths older than
  /// this are recomputed.
  static var topologyVersion: UInt64 = 1
  /// Marks visited nodes during one path computation or cycle check.
  static var epoch: UInt64 = 0
  /// The last dispatch id handed out.
  static var lastID: UInt64 = 0
  /// The id of the innermost dispatch under way (0 when none): the parent of a nested one.
  static var currentID: UInt64 = 0
  /// Set when a nested post hits the nesting limit; every further nested post then fails at
  /// once until the outermost dispatch returns, so a listener that posts twice per call cannot
  /// turn the limit into 2^64 calls.
  static var runaway = false
  /// Nesting failures not yet reported to every enclosing dispatch.
  static var nestingErrors: [ChainError] = []
  /// Cores whose registration lists hold removed entries, compacted once no dispatch runs.
  static var needCompaction: [NodeCore] = []

  /// The deepest nesting a post may reach before it fails with
  /// ``ChainError/nestingTooDeep(key:limit:)``.
  static var nestingLimit = 64

  static func nextEpoch() -> UInt64 {
    epoch &+= 1
    return epoch
  }

  static func nextID() -> UInt64 {
    lastID &+= 1
    return lastID
  }

  /// Called when the outermost dispatch returns.
  static func settle() {
    runaway = false
    nestingErrors.removeAll(keepingCapacity: true)
    if !needCompaction.isEmpty {
      let cores = needCompaction
      needCompaction.removeAll(keepingCapacity: true)
      for core in cores { core.compact() }
    }
  }
}
