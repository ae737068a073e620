import Synchronization

/// The token every registration returns; ``cancel()`` ends the registration.
///
/// One rule for every kind of registration (listeners, interceptors, responders, bus subscribers
/// and producers, data subscribers, observers, bindings, tracers):
///
/// - Dropping a token does **not** cancel: a registration lives until it is cancelled, or until
///   what it belongs to (its node, bus, property or hook, its binding's members, or the owner or
///   target it was bound to) is deallocated, whichever comes first.
/// - ``cancel()`` ends it at once, even inside a dispatch under way; cancelling twice is harmless.
/// - If what it belongs to goes first, the token is inert: ``isActive`` is `false` and
///   ``cancel()`` does nothing. A kept token never keeps the registration's closure alive.
///
/// That keeps Domino-style code (`node.on(key) { … }` in a setup method) working without storing
/// tokens, and still guarantees that no registration outlives what it belongs to. Keep tokens in
/// a ``SubscriptionBag`` to cancel a group at once, or when the bag is deallocated.
///
/// A registration made for an object names it, one way on every kind: `owner:` (bus subscribers
/// and producers, data subscribers, property and hook observers, a hook's own function) or
/// `target:` (an event's listeners, handler-table entries, interceptors and responders on a node,
/// Domino's word). Either is held weakly, handed to the closure as its first parameter, so the
/// closure captures nothing, and ends the registration when the object deallocates:
/// `node.on(key, target: self) { me, ctx, payload in … }`,
/// `node.subscribe(key, owner: self) { me, value in … }`,
/// `property.observe(owner: self) { me, old, new in … }`.
///
/// A token is either one registration's own ticket (the registration holds it and points it at
/// itself) or a combination of such tickets (``combining(_:)``).
///
/// The ticket refers to its registration without owning it, so a token kept after the
/// registration is gone keeps none of what the registration's closure captured, and without a
/// weak reference, so the registration pays no side-table reference counting in dispatch. The
/// invariant that makes the unretained reference safe: **`registration` is valid while
/// `isEnded` is false**, because every registration is an ``AnyRegistration``, whose one
/// implementation ends its ticket when it is removed and in its deinit, before its memory goes.
/// Builds with `CHAINKIT_INVARIANTS` check it on every use.
@MainActor
public final class Subscription {
  /// Valid while `isEnded` is false (see the type's invariant); `nil` for a combined token.
  private var registration: Unretained<AnyRegistration>?
  /// Set by ``end()``, which a registration's deinit may call on no actor.
  ///
  /// An atomic, so that the write from no actor needs no unsafe opt-out. Relaxed is enough: a deinit never
  /// overlaps a main-actor use of the same registration, and on the processors Swift targets a
  /// relaxed load or store is a plain one.
  private let ended = Atomic<Bool>(false)
  /// Whether the registration is gone (see ``end()``).
  var isEnded: Bool { ended.load(ordering: .relaxed) }
  /// Set by the first ``cancel()``: later cancels, and cancel actions added since, do nothing.
  private var isCancelled = false
  /// What cancelling the token does besides ending the registration, in order.
  private var cancelActions: [@MainActor () -> Void] = []
  /// The tickets a combined token cancels; empty for a registration's own ticket.
  private var parts: [Subscription] = []
  private let isCombined: Bool

  /// A ticket for a registration about to attach itself.
  nonisolated init() { isCombined = false }

  /// A token that cancels `ticket`'s registration.
  init(_ ticket: Ticket) {
    isCombined = true
    parts = [ticket]
  }

  private init(parts: [Subscription]) {
    isCombined = true
    self.parts = parts
  }

  /// Points the ticket at its registration; called once, by the registration's initialiser.
  func attach(to registration: AnyRegistration) {
    self.registration = Unretained(registration)
  }

  /// Marks the registration gone: it was removed, or is being deallocated.
  nonisolated func end() { ended.store(true, ordering: .relaxed) }

  /// Whether any part of the registration can still run.
  public var isActive: Bool {
    if let registration = live { return registration.isActive }
    for part in parts where part.isActive { return true }
    return false
  }

  /// Ends the registration at once; it never runs again, even in a dispatch already under way.
  ///
  /// Cancelling twice is harmless.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    let actions = cancelActions
    cancelActions = []
    if let registration = live {
      // Cancelling may release the registration's last owner: this strong local keeps it valid
      // until the call returns. NB: no `withExtendedLifetime { ... }`: a main-actor closure
      // passed to the standard library gets a dynamic executor check on every call.
      // NB: that cancel ends this ticket (the registration's own): no second store here.
      registration.cancel()
    } else if !isCombined {
      end()
    }
    let ending = parts
    parts = []
    for part in ending { part.cancel() }
    for action in actions { action() }
  }

  /// Adds something cancelling this token does once, after its registrations have ended.
  func onCancel(_ action: @escaping @MainActor () -> Void) {
    guard !isCancelled else { return }
    if isCombined {
      parts.last?.onCancel(action)
    } else {
      cancelActions.append(action)
    }
  }

  /// Adds this token to `bag`, which cancels it when the bag is cancelled or deallocated.
  public func store(in bag: SubscriptionBag) { bag.insert(self) }

  /// Combines several tokens into one that cancels them all.
  public static func combining(_ tokens: [Subscription]) -> Subscription {
    var parts: [Subscription] = []
    for token in tokens {
      if token.isCombined {
        parts += token.parts
      } else {
        parts.append(token)
      }
    }
    return Subscription(parts: parts)
  }

  /// The registrations this token can still end: its own, or its parts'.
  var registrations: [AnyRegistration] {
    if let live { return [live] }
    return parts.flatMap(\.registrations)
  }

  /// The registration, if it has not ended.
  private var live: AnyRegistration? {
    guard !isEnded else { return nil }
    checkInvariants()
    return registration?.object
  }

  /// Checks the invariant the unowned reference rests on: a ticket that has not ended refers to a
  /// registration that is still there.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      if !isEnded, let registration {
        precondition(registration.isAlive, "a ticket outlived its registration without being ended")
      }
    #endif
  }
}

/// A group of ``Subscription``s cancelled together, explicitly or when the bag is deallocated.
@MainActor
public final class SubscriptionBag {
  private var tokens: [Subscription] = []

  /// Creates an empty bag.
  public init() {}

  /// Adds a token to the bag.
  public func insert(_ token: Subscription) { tokens.append(token) }

  /// The number of tokens in the bag that are still active.
  public var activeCount: Int { tokens.count { $0.isActive } }

  /// Cancels every token in the bag and empties it.
  public func cancelAll() {
    let ending = tokens
    tokens = []
    for token in ending { token.cancel() }
  }

  isolated deinit { cancelAll() }
}
