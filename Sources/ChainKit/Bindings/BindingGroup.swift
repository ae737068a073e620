/// The engine of one binding: its members, in order, and the re-entry guard that keeps a
/// change from looping.
///
/// A change of a sending member propagates to every other receiving member once, in member
/// order. While the group propagates, writes that come back to it are not propagated at once:
/// the group's own write coming back (or a write that changed nothing) is a suppressed echo,
/// and a write of a different value to a member is deferred: the change in progress skips that
/// member and finishes, then the member's value propagates as a new change (the last deferred
/// write wins). After ``roundLimit`` such rounds the group gives up, so two observers that keep
/// overriding each other cannot hang the program.
///
/// The group allocates nothing per change: it walks its member array in place, and builds trace
/// records only when a tracer is installed.
@MainActor
@usableFromInline
final class BindingGroup<G>: AnyRegistration {
  @usableFromInline let name: String
  let id: UInt64
  @usableFromInline let hook: (any TraceHook)?
  // NB: read and written on every change, only in place and never `inout` across a call to
  // unknown code, so the dynamic exclusivity check could never fire; unchecked, because that
  // check would run on every change of every member.
  @usableFromInline @exclusivity(unchecked) var members: ContiguousArray<MemberBox<G>>
  @usableFromInline @exclusivity(unchecked) var isPropagating = false
  /// The member the group is writing to right now.
  @exclusivity(unchecked) @usableFromInline var currentTarget: MemberBox<G>?
  /// The member whose deferred value propagates after the change in progress.
  @exclusivity(unchecked) @usableFromInline var pending: MemberBox<G>?
  @exclusivity(unchecked) @usableFromInline var hasDropped = false

  /// The most changes one outside write may set off, deferred ones included.
  @usableFromInline static var roundLimit: Int { 64 }

  /// The runtime of the members, which every propagation goes through.
  @usableFromInline let runtime: ChainRuntime

  /// A binding of `members`, all of one runtime, `runtime` (the one a binding without members
  /// is counted in).
  init(
    name: String, hook: (any TraceHook)?, members: ContiguousArray<MemberBox<G>>,
    runtime: ChainRuntime
  ) {
    for member in members {
      precondition(
        member.runtime === runtime,
        "cannot bind '\(member.name)': the binding's members belong to different runtimes")
    }
    self.runtime = runtime
    self.id = runtime.nextBindingID()
    self.name = name.isEmpty ? "binding \(id)" : name
    self.hook = hook
    self.members = members
    super.init()
  }

  /// Starts listening to the members, then writes the first member's value to the others.
  ///
  /// - Returns: The ticket the binding's token holds.
  func start() -> Ticket {
    for member in members { member.attach(to: self) }
    // The first member's value may go through a transform: user code, through the door.
    if let first = members.first, let value = runtime.nested(name, { first.currentValue }) {
      propagate(from: first, value: value)
    }
    return ticket
  }

  override var isActive: Bool {
    !isRemoved && members.count { !$0.isDropped && $0.isAlive } >= 2
  }

  /// Stops listening to the members.
  override func removeFromOwner() {
    for member in members { member.detach() }
    pending = nil
  }

  /// Writes `value` (a change of `source`) to every other member, then any deferred changes.
  ///
  /// NB: inlinable, and members are written through their stored `write` closures, so that a
  /// change runs specialised for the binding's types from the write to the last observer.
  @inlinable
  func propagate(from source: MemberBox<G>, value: G) {
    let runtime = self.runtime
    guard !isRemoved, runtime.admit(name) == nil else { return }
    _ = runtime.enter()
    defer { runtime.leave() }
    isPropagating = true
    var source = source
    var value = value
    var rounds = 1
    while true {
      // NB: an index loop, not `for in`: an unspecialized iterator allocates per step, and
      // members are only compacted once propagation is over, so indices stay valid.
      var index = 0
      while index < members.count, !isRemoved {
        let member = members[index]
        index += 1
        guard member !== source, member.receives, !member.isDropped, member !== pending else {
          continue
        }
        currentTarget = member
        if !member.write(member, value, self) { drop(member) }
      }
      currentTarget = nil
      guard let next = pending, !isRemoved else { break }
      pending = nil
      guard let nextValue = next.deferredValue else { break }
      next.deferredValue = nil
      guard rounds < Self.roundLimit else {
        trace(.roundLimit, next)
        break
      }
      rounds += 1
      source = next
      value = nextValue
    }
    pending = nil
    isPropagating = false
    if hasDropped { compact() }
  }

  /// A member changed while the group was propagating: an echo (`value == nil`), or a write to
  /// defer.
  @usableFromInline
  func reentered(
    _ member: MemberBox<G>, value: G?, old: @autoclosure () -> String?,
    new: @autoclosure () -> String?
  ) {
    guard let value, !isRemoved else {
      trace(.suppressedEcho, member, old: old(), new: new())
      return
    }
    member.deferredValue = value
    pending = member
    trace(.deferred, member, old: old(), new: new())
  }

  /// Drops a member whose property, hook or owner is gone.
  @usableFromInline
  func drop(_ member: MemberBox<G>) {
    guard !member.isDropped else { return }
    member.isDropped = true
    member.detach()
    hasDropped = true
    trace(.dropped, member)
    if !isPropagating { compact() }
  }

  /// Tells the hook, if one is installed; without one the descriptions are never
  /// built.
  @usableFromInline
  func trace(
    _ kind: TraceEvent.BindingChange, _ member: MemberBox<G>, old: @autoclosure () -> String? = nil,
    new: @autoclosure () -> String? = nil
  ) {
    guard let hook else { return }
    // Through the guard, as every tracer callback: what the tracer starts nests in this call.
    Trace.emit(
      .binding(
        groupID: id, group: name, change: kind, member: member.name, old: old(), new: new()),
      to: [hook], in: runtime)
  }

  /// Forgets dropped members; a group left with fewer than two members can never propagate
  /// again, so it unbinds and releases the last one.
  @usableFromInline
  func compact() {
    hasDropped = false
    members.removeAll { $0.isDropped }
    if members.count < 2 { cancel() }
  }
}
