/// Storage replaced while an operation may still read it, freed by ``ReentryGuard/settle()``.
///
/// Dispatch walks registration buffers and path caches without retaining them; a listener that
/// grows a list or changes the topology replaces them mid-walk, so the old ones wait here.
@MainActor
struct RetiredStorage {
  /// Registration buffers a ``RegistrationList`` grew out of.
  var buffers: [UnsafeMutablePointer<Unmanaged<Registration>>] = []
  /// Path caches replaced by a topology change.
  var paths: [PathCache] = []

  var isEmpty: Bool { buffers.isEmpty && paths.isEmpty }

  /// Releases the paths, then frees the buffers.
  ///
  /// NB: called on a value already moved out of ``ReentryGuard/retired``: releasing a path may
  /// free cores and registrations whose deinit code runs operations that retire storage again.
  mutating func free() {
    paths = []
    for buffer in buffers { buffer.deallocate() }
    buffers = []
  }
}
