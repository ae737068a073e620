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

  /// The path of a retired node: empty.
  static let empty = PathCache(cores: [], tracers: [], captureMask: 0)

  init(cores: ContiguousArray<NodeCore>, tracers: [any Tracer], captureMask: UInt64) {
    self.cores = cores
    self.tracers = tracers
    self.captureMask = captureMask
    refs = .allocate(capacity: cores.count)
    _ = refs.initialize(from: cores.lazy.map { Unmanaged.passUnretained($0) })
  }

  isolated deinit { refs.deallocate() }
}
