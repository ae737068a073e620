/// The main actor's record of the tree's shape, shared by every tree.
///
/// NB: `@exclusivity(unchecked)`: only read or written in place, never passed `inout` across a
/// call, so the dynamic exclusivity check (which costs more than the access) could never fire.
@MainActor
@usableFromInline
enum Topology {
  /// Bumped by every mount, unmount, deallocation, capture-listener and tracer change; cached
  /// paths older than this are recomputed.
  @exclusivity(unchecked) @usableFromInline static var version: UInt64 = 1
  /// Marks visited nodes during one graph walk (a path computation, a cycle check).
  static var epoch: UInt64 = 0

  /// A fresh mark for one graph walk.
  static func nextEpoch() -> UInt64 {
    epoch &+= 1
    return epoch
  }
}
