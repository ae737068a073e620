/// A node's dispatch path as computed for one topology version, shared by every post until the
/// next mount, unmount, deallocation or tracer change.
///
/// A dispatch holds its path cache (one retain per post), which keeps every core on the path
/// alive; it then walks `refs`, unmanaged references to the same cores, without reference
/// counting.
@usableFromInline
@MainActor
final class PathCache {
  /// This node, then its parents depth-first in mount order, each node once.
  @usableFromInline let cores: ContiguousArray<NodeCore>
  /// The same cores, unretained: owned through `cores`.
  @usableFromInline let refs: UnsafeMutableBufferPointer<Unmanaged<NodeCore>>
  /// The tracers installed on any node of the path.
  @usableFromInline let tracers: [any Tracer]
  /// The union of the capture key masks of the path's nodes: a clear bit skips the capture walk.
  @usableFromInline let captureMask: UInt64
  /// For a path over several parents, the index of the node each node was reached from (its
  /// child on the path; -1 for the target); `nil` when each node was reached from the one before
  /// it. A node sees the payload as its interceptors left it where it was reached from, so a
  /// rewrite on one branch is not seen on another (rule 17).
  @usableFromInline let reachedFrom: ContiguousArray<Int>?

  /// The path of a retired node: empty.
  static let empty = PathCache(cores: [], reachedFrom: [], tracers: [], captureMask: 0)

  init(
    cores: ContiguousArray<NodeCore>, reachedFrom: ContiguousArray<Int>, tracers: [any Tracer],
    captureMask: UInt64
  ) {
    self.cores = cores
    var isChain = true
    for index in reachedFrom.indices where reachedFrom[index] != index - 1 { isChain = false }
    self.reachedFrom = isChain ? nil : reachedFrom
    self.tracers = tracers
    self.captureMask = captureMask
    refs = .allocate(capacity: cores.count)
    _ = refs.initialize(from: cores.lazy.map { Unmanaged.passUnretained($0) })
  }

  isolated deinit { refs.deallocate() }
}
