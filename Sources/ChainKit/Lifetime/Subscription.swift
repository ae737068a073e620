/// Something a ``Subscription`` can end.
@MainActor
protocol Cancellable: AnyObject {
  var isActive: Bool { get }
  func cancel()
}

/// The token every registration returns; ``cancel()`` ends the registration.
///
/// Dropping a token does **not** cancel: a registration lives until it is cancelled, or until its
/// node (or, for a target-bound registration, its target) is deallocated, whichever comes first.
/// That keeps Domino-style code (`node.on(key) { … }` in a setup method) working without storing
/// tokens, and still guarantees that no registration outlives what it belongs to. Keep tokens in
/// a ``SubscriptionBag`` to cancel a group at once, or when the bag is deallocated.
@MainActor
public final class Subscription {
  /// A part the token refers to without owning it, so that a token kept after its node is gone
  /// does not keep the registration's closure (and what it captured) alive.
  struct WeakPart {
    weak var part: (any Cancellable)?
  }

  private var parts: [any Cancellable]
  private var weakParts: [WeakPart]

  /// A token that owns `part` (for registrations nothing else owns).
  init(_ part: any Cancellable) {
    self.parts = [part]
    self.weakParts = []
  }

  /// A token for a registration that something else owns (its node).
  init(weak part: any Cancellable) {
    self.parts = []
    self.weakParts = [WeakPart(part: part)]
  }

  private init(parts: [any Cancellable], weakParts: [WeakPart]) {
    self.parts = parts
    self.weakParts = weakParts
  }

  /// Whether any part of the registration can still run.
  public var isActive: Bool {
    parts.contains { $0.isActive } || weakParts.contains { $0.part?.isActive == true }
  }

  /// Ends the registration at once; it never runs again, even in a dispatch already under way.
  ///
  /// Cancelling twice is harmless.
  public func cancel() {
    let ending = parts
    let endingWeak = weakParts
    parts = []
    weakParts = []
    for part in ending { part.cancel() }
    for weakPart in endingWeak { weakPart.part?.cancel() }
  }

  /// Adds this token to `bag`, which cancels it when the bag is cancelled or deallocated.
  public func store(in bag: SubscriptionBag) { bag.insert(self) }

  /// Combines several tokens into one that cancels them all.
  public static func combining(_ tokens: [Subscription]) -> Subscription {
    Subscription(parts: tokens.flatMap(\.parts), weakParts: tokens.flatMap(\.weakParts))
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
