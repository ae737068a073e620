/// What a binding's ``Subscription`` refers to: a ticket the group owns, so the token's weak
/// reference lands on the ticket and the group itself is never weakly referenced (a weakly
/// referenced object pays side-table reference counting on every retain and release).
///
/// The ticket refers to its group `unowned(unsafe)`: the group is the ticket's only owner, so
/// the ticket lives no longer than the group, except while a token holds it during a call, and
/// every call keeps the group alive until it returns.
@MainActor
final class BindingTicket<G>: Cancellable {
  unowned(unsafe) let group: BindingGroup<G>

  init(_ group: BindingGroup<G>) {
    self.group = group
  }

  var isActive: Bool { group.isActive }

  func cancel() {
    // NB: cancelling detaches the members, whose observers may hold the group's last
    // references; keep it alive until `cancel()` returns.
    let group = group
    withExtendedLifetime(group) { group.cancel() }
  }
}
