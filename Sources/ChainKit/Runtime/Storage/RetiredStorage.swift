/// Storage replaced, and registrations removed, while an operation may still read them; freed by
/// ``ChainRuntime/runIdleWork()``.
///
/// Dispatch walks registration buffers and path caches without retaining them; a listener that
/// grows a list or changes the topology replaces them mid-walk, so the old ones wait here.
@MainActor
struct RetiredStorage {
  /// Storage a ``SlotList`` grew out of.
  var buffers: [UnsafeMutableRawPointer] = []
  /// Path caches replaced by a topology change.
  var paths: [PathCache] = []
  /// Dispatch plans replaced because their key's registrations changed.
  var plans: [DispatchPlan] = []
  /// Elements removed from a ``SlotList`` while an operation was under way: one may be running.
  var elements: [Unmanaged<AnyObject>] = []

  var isEmpty: Bool {
    buffers.isEmpty && paths.isEmpty && plans.isEmpty && elements.isEmpty
  }

  /// Releases the paths and plans, then frees the buffers.
  ///
  /// NB: called on a value already moved out of ``ChainRuntime/retired``: releasing a path may
  /// free cores and registrations whose deinit code runs operations that retire storage again.
  mutating func free() {
    checkInvariants()
    paths = []
    plans = []
    for element in elements { element.release() }
    elements = []
    for buffer in buffers { buffer.deallocate() }
    buffers = []
  }

  /// Traps with a message if a buffer was retired twice: ``free()`` would free it twice.
  ///
  /// Run from ``free()``; does nothing unless built with `CHAINKIT_INVARIANTS`.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(Set(buffers).count == buffers.count, "a buffer retired twice")
    #endif
  }
}
