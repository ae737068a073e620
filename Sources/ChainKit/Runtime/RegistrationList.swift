/// A node's registrations of one kind, in registration order, stored so that dispatch can walk
/// them without reference counting.
///
/// The list owns each registration with one manual retain. Dispatch snapshots `base` and `count`
/// on arrival at a node and reads entries as unmanaged references, guaranteed alive because
/// nothing is dropped while a dispatch runs: removal only marks an entry (compaction waits for
/// the outermost dispatch to return), and storage that grows during a dispatch is freed only
/// then, so a snapshot's `base` stays readable.
@usableFromInline
@MainActor
struct RegistrationList {
  @usableFromInline private(set) var base: UnsafeMutablePointer<Unmanaged<Registration>>?
  @usableFromInline private(set) var count = 0
  private var capacity = 0

  nonisolated init() {}

  /// The registrations, as an array the caller may iterate while the list changes.
  var all: [Registration] {
    guard let base else { return [] }
    return (0..<count).map { base[$0].takeUnretainedValue() }
  }

  /// Calls `body` with each registration; `body` must not add or drop registrations.
  func each(_ body: (Registration) -> Void) {
    guard let base else { return }
    for index in 0..<count { body(base[index].takeUnretainedValue()) }
  }

  /// The number of registrations that satisfy `predicate`.
  func count(where predicate: (Registration) -> Bool) -> Int {
    var found = 0
    each { if predicate($0) { found += 1 } }
    return found
  }

  mutating func append(_ registration: Registration) {
    if count == capacity { grow() }
    guard let base else { return }
    (base + count).initialize(to: .passRetained(registration))
    count += 1
  }

  private mutating func grow() {
    let newCapacity = max(4, capacity * 2)
    let storage = UnsafeMutablePointer<Unmanaged<Registration>>.allocate(capacity: newCapacity)
    if let base {
      storage.moveInitialize(from: base, count: count)
      ReentryGuard.free(base)
    }
    base = storage
    capacity = newCapacity
  }

  /// Takes out the registrations `drop` selects, keeping the order of the others, and returns
  /// them still retained: the caller releases them once it is done mutating the list.
  ///
  /// NB: only when no dispatch runs (a dispatch under way may hold a snapshot of this storage),
  /// and never release inside: a release may run deinit code that registers on the same node,
  /// which must not happen while this list is being mutated.
  mutating func takeAll(where drop: (Registration) -> Bool) -> [Unmanaged<Registration>] {
    guard let base else { return [] }
    var kept = 0
    var dropped: [Unmanaged<Registration>] = []
    for index in 0..<count {
      let entry = base[index]
      if drop(entry.takeUnretainedValue()) {
        dropped.append(entry)
      } else {
        base[kept] = entry
        kept += 1
      }
    }
    count = kept
    return dropped
  }

  /// Takes out every registration, marked removed, and frees the storage; the caller releases
  /// what is returned.
  mutating func takeEverything() -> [Unmanaged<Registration>] {
    guard let base else { return [] }
    // Marked removed first (retire already did, for a node's core) so no ticket reaches them.
    let entries = (0..<count).map { base[$0] }
    for entry in entries { entry.takeUnretainedValue().markRemoved() }
    count = 0
    ReentryGuard.free(base)
    self.base = nil
    capacity = 0
    return entries
  }
}
