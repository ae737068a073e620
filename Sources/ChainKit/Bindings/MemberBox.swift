/// One member of a binding, as the binding sees it: something it can write a value of the
/// binding's type `G` to, and that tells it when it changed.
///
/// Subclasses adapt a ``Property`` (``PropertyMember``) or a ``Hook`` (``HookMember``) and hold
/// it weakly: a binding never keeps its members alive.
///
/// NB: the fields a change reads and writes, here and in the subclasses, are
/// `@exclusivity(unchecked)`: touched on every change of every member, on the main actor only and
/// in place, never passed `inout` across a call to unknown code, so the dynamic exclusivity check
/// could never fire.
@MainActor
@usableFromInline
class MemberBox<G> {
  /// Whether changes of this member propagate to the others.
  let sends: Bool
  /// Whether changes of the others are written to this member.
  @usableFromInline let receives: Bool
  /// Set once the member's property, hook or owner is gone; a dropped member is skipped.
  @exclusivity(unchecked) @usableFromInline var isDropped = false
  /// Writes a value to this member: `apply(_:in:)`, or for a property member a closure made
  /// where the member was made, specialised for its types (see ``PropertyMember/make``).
  ///
  /// NB: a stored closure rather than the virtual `apply`: a generic class's overrides always
  /// run unspecialised and look up `Optional` metadata on every write (BENCHMARKS.md,
  /// binding.chainkit).
  @usableFromInline let write: @MainActor (MemberBox<G>, G, BindingGroup<G>) -> Bool
  /// A change that arrived while the binding was propagating, in the binding's type; it
  /// propagates once the change in progress is done.
  @exclusivity(unchecked) @usableFromInline var deferredValue: G?
  /// The runtime of the member's property or hook: a binding goes through its members' one.
  let runtime: ChainRuntime

  init(sends: Bool, receives: Bool, runtime: ChainRuntime) {
    self.sends = sends
    self.receives = receives
    self.runtime = runtime
    self.write = { member, value, group in member.apply(value, in: group) }
  }

  @usableFromInline
  init(
    sends: Bool, receives: Bool, runtime: ChainRuntime,
    write: @escaping @MainActor (MemberBox<G>, G, BindingGroup<G>) -> Bool
  ) {
    self.sends = sends
    self.receives = receives
    self.runtime = runtime
    self.write = write
  }

  /// The member's name in traces.
  var name: String { "" }

  /// Whether the member's property or hook, and its owner, are still alive.
  var isAlive: Bool { false }

  /// The member's current value in the binding's type, if it has one and sends.
  var currentValue: G? { nil }

  /// Starts telling `group` about changes (only for members that send).
  func attach(to group: BindingGroup<G>) {}

  /// Writes `value` to the member through its notifying path.
  ///
  /// - Returns: `false` if the member is gone and must be dropped.
  func apply(_ value: G, in group: BindingGroup<G>) -> Bool { false }

  /// Stops telling the binding about changes.
  func detach() {}
}

/// A ``Property`` as a binding member, with its transforms to and from the binding's type.
///
/// NB: made by ``make(_:toMember:fromMember:)``, which is inlinable: the closures that carry a
/// change (the observer of the property and the member's `write`) are formed where the binding
/// is made, specialised for its types, and so is everything they call.
@usableFromInline
final class PropertyMember<G, M: Equatable>: MemberBox<G> {
  @usableFromInline weak var property: Property<M>?
  @usableFromInline let toMember: (@MainActor (G) -> M)?
  @usableFromInline let fromMember: (@MainActor (M) -> G)?
  private let memberName: String
  /// Starts observing the property for a group: a closure formed by ``make``.
  private let observe: @MainActor (PropertyMember<G, M>, BindingGroup<G>) -> Void
  /// The identity of this member's observer of the property: compared to skip the member's own
  /// echo, and looked up to cancel it.
  ///
  /// NB: not a weak reference, which would give every observer box a side table, and it is retained
  /// on every notification.
  @exclusivity(unchecked) @usableFromInline var observerID: ObjectIdentifier?
  /// The value this binding is writing to the property right now: its echo is not a change.
  @exclusivity(unchecked) @usableFromInline var writing: M?

  @usableFromInline
  init(
    _ property: Property<M>, toMember: (@MainActor (G) -> M)?,
    fromMember: (@MainActor (M) -> G)?,
    write: @escaping @MainActor (MemberBox<G>, G, BindingGroup<G>) -> Bool,
    observe: @escaping @MainActor (PropertyMember<G, M>, BindingGroup<G>) -> Void
  ) {
    self.property = property
    self.toMember = toMember
    self.fromMember = fromMember
    self.memberName = property.displayName
    self.observe = observe
    super.init(
      sends: fromMember != nil, receives: toMember != nil, runtime: property.runtime, write: write)
  }

  /// A member for `property`, its change path specialised where this is called.
  @inlinable
  static func make(
    _ property: Property<M>, toMember: (@MainActor (G) -> M)?,
    fromMember: (@MainActor (M) -> G)?
  ) -> PropertyMember<G, M> {
    PropertyMember(
      property, toMember: toMember, fromMember: fromMember,
      write: { member, value, group in
        // The cast is safe: this closure is only ever stored in this member.
        uncheckedCast(member, to: PropertyMember<G, M>.self).store(value, in: group)
      },
      observe: { member, group in member.startObserving(for: group) })
  }

  override var name: String { memberName }

  override var isAlive: Bool { property?.isOwnerAlive ?? false }

  override var currentValue: G? {
    guard let property, property.isOwnerAlive, let fromMember else { return nil }
    return fromMember(property.value)
  }

  override func attach(to group: BindingGroup<G>) {
    guard sends else { return }
    observe(self, group)
  }

  @inlinable
  func startObserving(for group: BindingGroup<G>) {
    guard let property else { return }
    // NB: the closure holds the group and this member; the member does not hold the observer,
    // so a property that deallocates takes the whole registration with it. The closure only
    // runs from the property's own notification, so the property is alive whenever it runs and
    // is captured unretained: no weak load per change.
    let unretained = Unretained(property)
    let box = property.bindings.add(lifetime: nil) { [group, self] old, new in
      withUnretained(unretained) { self.received(old, new, of: $0, in: group) }
    }
    observerID = ObjectIdentifier(box)
  }

  @inlinable
  func received(_ old: M, _ new: M, of property: Property<M>, in group: BindingGroup<G>) {
    guard let fromMember, property.isOwnerAlive else {
      group.drop(self)
      return
    }
    if group.isPropagating {
      let isEcho = old == new || (group.currentTarget === self && writing == new)
      group.reentered(
        self, value: isEcho ? nil : fromMember(new), old: String(describing: old),
        new: String(describing: new))
      return
    }
    // NB: a change that is already stale (an observer wrote the property again while it was
    // notifying this one) is not propagated: that newer write is notified after this round,
    // and propagating the older value would overwrite it in the other members.
    guard old != new, property.storage == new else { return }
    group.trace(.change, self, old: String(describing: old), new: String(describing: new))
    group.propagate(from: self, value: fromMember(new))
  }

  override func apply(_ value: G, in group: BindingGroup<G>) -> Bool {
    store(value, in: group)
  }

  /// Writes `value`, converted, to the property through its notifying path.
  ///
  /// - Returns: `false` if the property or its owner is gone.
  @inlinable
  func store(_ value: G, in group: BindingGroup<G>) -> Bool {
    guard let property, property.isOwnerAlive, let toMember else { return false }
    let target = toMember(value)
    let old = property.value
    guard old != target else { return true }
    group.trace(.update, self, old: String(describing: old), new: String(describing: target))
    guard group.hook == nil else {
      // Traced: the echo goes round through this member's observer so it is recorded.
      writing = target
      property.value = target
      writing = nil
      return true
    }
    // NB: untraced, the echo of this write would be suppressed without a trace; skipping this
    // member's observer saves the round trip. A nested write by an observer still reaches it.
    writing = target
    property.write(target, skipping: observerID)
    writing = nil
    // The echo would have dropped a member whose owner died during the write; so does this.
    return property.isOwnerAlive
  }

  override func detach() {
    // NB: a property that is gone took its observers with it.
    if let observerID, let property { property.bindings.cancel(observerID) }
    observerID = nil
  }
}
