/// One registration on a node: a listener, an interceptor or a responder.
///
/// Dispatch reads `matchWord` from here and then casts to the typed box; the cast is safe because
/// a key id is only ever registered with its own payload type.
///
/// NB: nothing refers to a registration weakly (a weak reference would move its whole refcount to
/// a side table and slow down every retain in dispatch): its node's lists own it, and its token
/// holds a ``Ticket`` instead.
@MainActor
@usableFromInline
class Registration: AnyRegistration, SlotIndexed {
  /// Which of a key's lists a registration sits in.
  enum Kind { case listener, interceptor, responder }

  @usableFromInline let keyID: Int
  @usableFromInline let capture: Bool
  @usableFromInline let once: Bool
  @usableFromInline let isTargetBound: Bool
  let kind: Kind
  /// The target of a target-bound registration; the registration dies with it.
  @usableFromInline final weak var target: AnyObject?
  /// `keyID << 2 | capture << 1 | slow`, where `slow` is set for once and target-bound
  /// registrations and once removed: dispatch matches a live ordinary registration with one
  /// comparison and takes the careful path only when the low bit is set.
  // NB: unchecked: read for every registration a dispatch reaches, in place only, so the
  // dynamic exclusivity check could never fire and would cost more than the read itself.
  @exclusivity(unchecked) @usableFromInline final private(set) var matchWord: Int
  /// The key's registrations at the node this one sits in; valid while `isRemoved` is false,
  /// since a registration is vacated from its list (and so released) only once removed, and a
  /// node's lists outlive every registration in them.
  var owner: Unretained<KeyedRegistrations>?
  /// The index of this registration in its list, kept up to date by the list.
  @usableFromInline var slot = -1
  #if CHAINKIT_INVARIANTS
    /// Counts this object in the live-object census of the scope it was created in.
    let census = CensusToken(.registration)
  #endif

  init(
    keyID: Int, kind: Kind, capture: Bool, once: Bool, target: AnyObject?, ticket: Ticket = Ticket()
  ) {
    self.keyID = keyID
    self.kind = kind
    self.capture = capture
    self.once = once
    self.isTargetBound = target != nil
    self.target = target
    matchWord =
      Self.matchWord(keyID: keyID, capture: capture) | (once || target != nil ? 1 : 0)
    super.init(ticket: ticket)
  }

  /// Whether this registration's types are its key's: what dispatch's cast to the typed box relies
  /// on.
  ///
  /// Overridden by each box.
  var hasItsKeysTypes: Bool { false }

  /// Whether the registration can still run: not cancelled, its node alive, its target alive.
  override var isActive: Bool {
    !isRemoved && owner?.object.core.isAlive == true && (!isTargetBound || target != nil)
  }

  /// Sends dispatch to the careful path, which skips a removed registration.
  override func didEnd() { matchWord |= 1 }

  /// The `matchWord` of a live ordinary registration for `keyID` in that phase.
  @inlinable @inline(__always)
  nonisolated static func matchWord(keyID: Int, capture: Bool) -> Int {
    keyID &<< 2 | (capture ? 2 : 0)
  }

  /// Vacates the registration's slot.
  override func removeFromOwner() { owner?.object.vacate(self) }

  /// Whether this once or target-bound registration may run now: not if its target is gone (it
  /// is cancelled instead); a once registration is cancelled before it is called, so a nested
  /// dispatch cannot run it a second time.
  ///
  /// Its release waits until the dispatch is over.
  @usableFromInline
  final func mayRunNow() -> Bool {
    if isTargetBound, target == nil {
      cancel()
      return false
    }
    if once { cancel() }
    return true
  }
}

/// A listener for events with payload `P`.
@usableFromInline
final class ListenerBox<P>: Registration {
  @usableFromInline let body: @MainActor (inout EventContext, P) throws -> Void

  init(
    keyID: Int, capture: Bool, once: Bool, target: AnyObject?, ticket: Ticket = Ticket(),
    body: @escaping @MainActor (inout EventContext, P) throws -> Void
  ) {
    self.body = body
    super.init(
      keyID: keyID, kind: .listener, capture: capture, once: once, target: target, ticket: ticket)
  }

  override var hasItsKeysTypes: Bool {
    KeyRegistry.shared.matches(keyID, payload: P.self, response: nil)
  }
}

/// An interceptor that may rewrite payloads of type `P` in flight.
@usableFromInline
final class InterceptorBox<P>: Registration {
  @usableFromInline let body: @MainActor (inout EventContext, inout P) throws -> Void

  init(
    keyID: Int, target: AnyObject? = nil,
    body: @escaping @MainActor (inout EventContext, inout P) throws -> Void
  ) {
    self.body = body
    super.init(keyID: keyID, kind: .interceptor, capture: false, once: false, target: target)
  }

  override var hasItsKeysTypes: Bool {
    // An interceptor is registered for an event key or a request key with this payload.
    KeyRegistry.shared.types(of: keyID)?.payload == ObjectIdentifier(P.self)
  }
}

/// A responder that answers requests with payload `P` with an `R`, or declines with `nil`.
@usableFromInline
final class ResponderBox<P, R>: Registration {
  @usableFromInline let body: @MainActor (inout EventContext, P) throws -> R?

  init(
    keyID: Int, target: AnyObject?, body: @escaping @MainActor (inout EventContext, P) throws -> R?
  ) {
    self.body = body
    super.init(keyID: keyID, kind: .responder, capture: false, once: false, target: target)
  }

  override var hasItsKeysTypes: Bool {
    KeyRegistry.shared.matches(keyID, payload: P.self, response: R.self)
  }
}
