/// A node's registrations for one key: its listeners, interceptors and responders, each in
/// registration order.
///
/// A node keeps one of these per key it ever registered (they are never dropped while the node
/// lives), so finding one key's listeners never scans another key's, however many keys a node
/// has, and cached paths can refer to them without retaining them.
@MainActor
@usableFromInline
final class KeyedRegistrations: DeferredCompaction {
  @usableFromInline let keyID: Int
  /// The node these belong to, unretained: the node's core owns this object and nothing else
  /// does (paths and registrations refer to it unretained), so the core outlives it.
  @usableFromInline let coreReference: Unretained<NodeCore>
  // NB: unchecked: accessed in place only, never `inout` across a call that could reach them
  // again, so the dynamic exclusivity check could never fire, and it would cost more than the
  // access at every node a dispatch visits.
  @exclusivity(unchecked) @usableFromInline var listeners = SlotList<Registration>()
  @exclusivity(unchecked) @usableFromInline var interceptors = SlotList<Registration>()
  @exclusivity(unchecked) @usableFromInline var responders = SlotList<Registration>()
  /// Whether a capture listener was registered here since the last compaction: a clear flag
  /// skips this node on the way down.
  @exclusivity(unchecked) @usableFromInline var hasCapture = false
  private var compactionQueued = false

  init(keyID: Int, core: NodeCore) {
    self.keyID = keyID
    self.coreReference = Unretained(core)
  }

  /// The node these belong to.
  @usableFromInline var core: NodeCore { coreReference.object }

  /// Adds a registration at the end of its list.
  func add(_ registration: Registration) {
    registration.owner = Unretained(self)
    // Plans list the key's listeners: any addition, of any kind, makes them be made again.
    core.runtime.registrationsChanged(keyID: keyID)
    switch registration.kind {
    case .listener:
      listeners.append(registration, through: core.runtime)
      if registration.capture, !hasCapture {
        hasCapture = true
        // Cached hits say whether a capture walk has anything to visit: they must be found
        // again, as when the node gains a key.
        core.touch()
      }
    case .interceptor: interceptors.append(registration, through: core.runtime)
    case .responder: responders.append(registration, through: core.runtime)
    }
  }

  /// Vacates a removed registration's slot in O(1) and releases it now, or once no operation is
  /// under way; compacts once vacated slots outnumber live ones.
  func vacate(_ registration: Registration) {
    let runtime = core.runtime
    let sparse: Bool
    switch registration.kind {
    case .listener: sparse = listeners.remove(registration, releasingThrough: runtime)
    case .interceptor: sparse = interceptors.remove(registration, releasingThrough: runtime)
    case .responder: sparse = responders.remove(registration, releasingThrough: runtime)
    }
    // A plan refers to its listeners unretained: it must not outlive their removal.
    runtime.registrationsChanged(keyID: keyID)
    if sparse, !compactionQueued {
      compactionQueued = true
      runtime.compactWhenIdle(self)
    }
  }

  /// Drops vacated slots.
  ///
  /// Only called when no operation is under way.
  func compactNow() {
    compactionQueued = false
    listeners.compact()
    interceptors.compact()
    responders.compact()
    var capture = false
    listeners.each { if $0.capture { capture = true } }
    hasCapture = capture
  }

  /// Removes every registration: the node is gone.
  func removeAll() {
    // NB: collected first: cancelling releases registrations, whose deinit code may register
    // here again and so grow (and free) the storage being walked.
    var all: [Registration] = []
    for list in [listeners, interceptors, responders] { list.each { all.append($0) } }
    for registration in all { registration.cancel() }
  }

  /// Takes every registration out for good (the node's core is being deallocated); their
  /// storage is freed through `runtime`, the core's, passed in because the core can no longer be
  /// read through its unretained reference.
  func takeEverything(freeingThrough runtime: ChainRuntime) -> [SlotList<Registration>.Taken] {
    let all =
      listeners.takeAll(freeingThrough: runtime) + interceptors.takeAll(freeingThrough: runtime)
      + responders.takeAll(freeingThrough: runtime)
    for entry in all { withUnretained(entry) { _ = $0.markRemoved() } }
    if !all.isEmpty { runtime.registrationsChanged(keyID: keyID) }
    return all
  }

  /// The number of registrations here that can still run.
  var liveCount: Int {
    var live = 0
    for list in [listeners, interceptors, responders] {
      list.each { if $0.isActive { live += 1 } }
    }
    return live
  }

  /// Traps with a message if an invariant of these lists does not hold.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      for (list, kind) in [
        (listeners, Registration.Kind.listener), (interceptors, .interceptor),
        (responders, .responder),
      ] {
        list.checkInvariants { registration in
          precondition(registration.keyID == keyID, "a registration under another key")
          precondition(
            registration.owner?.refers(to: self) == true, "a registration that names another list")
          precondition(registration.kind == kind, "a registration in another kind's list")
          precondition(!registration.isRemoved, "a removed registration left in its slot")
          precondition(registration.hasItsKeysTypes, "a registration whose types are not its key's")
        }
      }
      listeners.each { precondition(!$0.capture || hasCapture, "a capture listener not flagged") }
    #endif
  }
}
