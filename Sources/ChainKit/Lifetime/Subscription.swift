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
@MainActor
public final class Subscription {
  private var tickets: [Ticket]

  init(_ ticket: Ticket) {
    self.tickets = [ticket]
  }

  private init(tickets: [Ticket]) {
    self.tickets = tickets
  }

  /// Whether any part of the registration can still run.
  public var isActive: Bool { tickets.contains { $0.isActive } }

  /// Ends the registration at once; it never runs again, even in a dispatch already under way.
  ///
  /// Cancelling twice is harmless.
  public func cancel() {
    let ending = tickets
    tickets = []
    for ticket in ending { ticket.cancel() }
  }

  /// Adds something cancelling this token does once, after its registrations have ended.
  func onCancel(_ action: @escaping @MainActor () -> Void) {
    tickets.last?.onCancel(action)
  }

  /// Adds this token to `bag`, which cancels it when the bag is cancelled or deallocated.
  public func store(in bag: SubscriptionBag) { bag.insert(self) }

  /// Combines several tokens into one that cancels them all.
  public static func combining(_ tokens: [Subscription]) -> Subscription {
    Subscription(tickets: tokens.flatMap(\.tickets))
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
