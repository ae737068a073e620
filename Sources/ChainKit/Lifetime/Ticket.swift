// Lifetime: how registrations end.
//
// Every way of registering code with ChainKit (listeners, interceptors and responders on a node,
// bus subscribers and producers, data subscribers, observers of a property or hook, bindings,
// tracers) returns a `Subscription`, and every subscription holds one `Ticket` per
// registration. The rule is the same for every kind:
//
// - Dropping a token changes nothing: the registration lives until it is cancelled, or until
//   what it belongs to (its node, bus, property, hook, binding members, owner or target) is gone.
// - Cancelling ends it at once, even inside a dispatch under way, and runs the cancel actions
//   its ticket carries (removing a bridged shared value, stopping a background lane).
//   Cancelling again does nothing.
// - When what it belongs to goes first, the ticket is ended with it: cancelling does nothing
//   and `isActive` is `false`.

/// Something a ``Ticket`` can end: a registration of any kind.
@MainActor
protocol Cancellable: AnyObject {
  /// Whether the registration can still run.
  var isActive: Bool { get }
  /// Ends the registration at once. Calling it again does nothing.
  func cancel()
}

/// A token's handle on one registration.
///
/// The ticket refers to its registration without owning it, so a token kept after the
/// registration is gone keeps none of what the registration's closure captured, and without a
/// weak reference, so the registration pays no side-table reference counting in dispatch. The
/// invariant that makes the unowned reference safe: **`registration` is valid while `isEnded`
/// is false**, because every registration ends its ticket when it is removed and in its deinit,
/// before its memory goes. Builds with `CHAINKIT_INVARIANTS` check it on every use.
@MainActor
final class Ticket {
  /// Valid while `isEnded` is false (see the type's invariant).
  private unowned(unsafe) var registration: (any Cancellable)?
  /// Set by ``end()``, which a registration's deinit may call on no actor; only the main actor
  /// reads it, and a deinit never overlaps a main-actor use of the same registration.
  nonisolated(unsafe) private(set) var isEnded = false
  /// What cancelling the token does besides ending the registration, in order.
  private var cancelActions: [@MainActor () -> Void] = []
  #if CHAINKIT_INVARIANTS
    /// The same registration, weakly: what the invariant check compares against.
    private weak var checkedRegistration: (any Cancellable)?
    private var isAttached = false
  #endif

  nonisolated init() {}

  /// Points the ticket at its registration; called once, by the registration's initialiser.
  func attach(to registration: any Cancellable) {
    self.registration = registration
    #if CHAINKIT_INVARIANTS
      checkedRegistration = registration
      isAttached = true
    #endif
  }

  /// Marks the registration gone: it was removed, or is being deallocated.
  nonisolated func end() { isEnded = true }

  /// Adds something cancelling the token does once, after the registration has ended.
  func onCancel(_ action: @escaping @MainActor () -> Void) { cancelActions.append(action) }

  /// Whether the registration can still run.
  var isActive: Bool {
    guard let registration = live else { return false }
    return registration.isActive
  }

  /// Ends the registration, then runs the cancel actions; the second call does nothing.
  func cancel() {
    let actions = cancelActions
    cancelActions = []
    if let registration = live {
      // Cancelling may release the registration's last owner; it stays valid until it returns.
      withExtendedLifetime(registration) { registration.cancel() }
    }
    end()
    for action in actions { action() }
  }

  /// The registration, if it has not ended.
  private var live: (any Cancellable)? {
    guard !isEnded else { return nil }
    checkInvariants()
    return registration
  }

  /// Checks the invariant the unowned reference rests on: a ticket that has not ended refers to a
  /// registration that is still there.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      if !isEnded {
        precondition(
          !isAttached || checkedRegistration != nil,
          "a ticket outlived its registration without being ended")
      }
    #endif
  }
}
