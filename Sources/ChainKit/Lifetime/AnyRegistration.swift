/// One registration of any kind: the one implementation of the ticket protocol.
///
/// Listeners, interceptors and responders, bus subscribers and producers, data subscribers,
/// observers, bindings and tracer installations are all subclasses. This base holds what makes
/// ``Subscription``'s unretained reference safe, so no kind can get it wrong:
///
/// - it creates its ticket and attaches itself to it in its initialiser;
/// - ``markRemoved()`` (and so ``cancel()``) ends the ticket when the registration is removed;
/// - its deinit ends the ticket before its memory goes.
///
/// So a ticket that has not ended always refers to a live registration. A kind says only what is
/// its own: when it can still run (``isActive``), what else ending it changes (``didEnd()``), and
/// how it leaves what holds it (``removeFromOwner()``).
@MainActor
@usableFromInline
class AnyRegistration {
  /// Set once, when the registration ends; a removed registration never runs again, even from a
  /// dispatch already under way.
  // NB: unchecked: read for every registration a dispatch reaches, on the main actor only and
  // in place, so the dynamic exclusivity check could never fire.
  @exclusivity(unchecked) @usableFromInline final private(set) var isRemoved = false
  /// What the token holds: it outlives the registration without keeping its closure alive.
  @usableFromInline final let ticket: Subscription

  init(ticket: Ticket = Ticket()) {
    self.ticket = ticket
    ticket.attach(to: self)
  }

  deinit { ticket.end() }

  /// Whether the registration can still run; kinds that die with something else narrow it.
  @usableFromInline var isActive: Bool { !isRemoved }

  /// Ends the registration at once and takes it out of what holds it.
  ///
  /// Calling it again does nothing.
  @usableFromInline
  final func cancel() {
    guard markRemoved() else { return }
    removeFromOwner()
  }

  /// Ends the registration without taking it out of its owner: for an owner that is letting it
  /// go itself (a node or bus being deallocated, a producer being replaced).
  ///
  /// - Returns: Whether it was live until now.
  @discardableResult @usableFromInline
  final func markRemoved() -> Bool {
    guard !isRemoved else { return false }
    isRemoved = true
    ticket.end()
    didEnd()
    return true
  }

  /// What else ending changes, for this kind; called once, by ``markRemoved()``.
  func didEnd() {}

  /// Takes the registration out of what holds it; called once, by ``cancel()``, after it ended.
  func removeFromOwner() {}
}
