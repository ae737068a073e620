/// What a binding's or an observer's ``Subscription`` refers to: a ticket its target owns, so the
/// token's weak reference lands on the ticket and the target itself is never weakly referenced (a
/// weakly referenced object pays side-table reference counting on every retain and release, and
/// groups and observer boxes are retained on every change).
///
/// The ticket refers to its target `unowned(unsafe)`: the target is the ticket's only owner, so
/// the ticket lives no longer than the target, except while a token holds it during a call, and
/// every call keeps the target alive until it returns.
@MainActor
final class CancelTicket<Target: Cancellable>: Cancellable {
  unowned(unsafe) let target: Target

  init(_ target: Target) {
    self.target = target
  }

  var isActive: Bool { target.isActive }

  func cancel() {
    // NB: cancelling may release the target's last owner (a binding's members hold its observers,
    // which hold the group); keep it alive until `cancel()` returns.
    let target = target
    withExtendedLifetime(target) { target.cancel() }
  }
}
