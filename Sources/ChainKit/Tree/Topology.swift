/// The version of one connected tree's shape: what a cached path checks first.
///
/// Every node holds the clock of the tree it belongs to. A change of what paths through a node
/// depend on (a link, an unlink, a release, a tracer, a first capture listener) sets that
/// node's ``NodeCore/stamp`` and its clock's `version` to a fresh stamp of the
/// ``ChainRuntime``; a node whose `cachedVersion` still equals its clock's version knows that
/// nothing in its tree changed, so its cached path is current without looking at it. A change
/// in another tree moves another clock, so it costs this tree nothing.
///
/// Trees join when a node is mounted: the mounted node's clock is *merged* into the parent's
/// (`mergedInto`), and its version takes a fresh stamp, so every node of the mounted tree checks
/// its path once and moves to the parent's clock (``resolved``) on the way. Nodes of the tree
/// mounted into are untouched: a mount changes the paths of the mounted nodes only.
///
/// Trees that split (an unmount) keep sharing their clock: a change in one then makes the
/// other's nodes check their paths' stamps, which is safe, only not free. What keeps every
/// cache exact is the stamp check (``PathCache/isCurrent(for:)``); the clock only spares it.
///
/// Invariant: a node and each of its parents resolve to the same clock, so a change of a node
/// moves the clock of every node whose path contains it. A node on the runtime's
/// ``ChainRuntime/looseClock`` has never been linked.
///
/// NB: both fields are `@exclusivity(unchecked)`: read on every path check and every mount, on
/// the main actor only and in place, never passed `inout` across a call, so the dynamic check
/// could never fire.
@MainActor
@usableFromInline
final class TopologyClock {
  /// The stamp of the last change in this tree; only ever set to a fresh stamp, so a node never
  /// mistakes another clock's version, or an older one, for its cache's.
  @exclusivity(unchecked) @usableFromInline var version: UInt64
  /// The clock this one was merged into when its tree was mounted in another; `nil` while this
  /// is the tree's clock.
  @exclusivity(unchecked) private(set) var mergedInto: TopologyClock?

  init(version: UInt64) { self.version = version }

  /// The clock of this clock's tree now: this one, or the one it was merged into.
  ///
  /// Merges chain; the chain is shortened on the way.
  var resolved: TopologyClock {
    guard var root = mergedInto else { return self }
    while let next = root.mergedInto { root = next }
    var clock = self
    while let next = clock.mergedInto, next !== root {
      clock.mergedInto = root
      clock = next
    }
    return root
  }

  /// Merges this tree's clock into `other`: every node still on this clock finds its
  /// tree's clock through ``resolved`` once its cache misses.
  ///
  /// - Parameters:
  ///   - other: The clock of the tree this one's tree was mounted in.
  ///   - stamp: A fresh stamp; this clock's version takes it, so that every node of this tree
  ///     checks its path.
  func merge(into other: TopologyClock, stamp: UInt64) {
    precondition(mergedInto == nil && other.mergedInto == nil && other !== self)
    mergedInto = other
    version = stamp
  }
}
