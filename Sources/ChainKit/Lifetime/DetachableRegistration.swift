/// A registration whose owner removes it through a closure and may go away first: a tracer
/// installed on a node or a bus (``HookInstallation``), a node's activity observer
/// (``ActivityObserver``).
///
/// The owner holds the registration; the token holds its ticket. `uninstall` removes it from
/// that owner and is dropped once it has run, or once the owner goes away (``detach()``), so it
/// never reaches a freed owner.
@MainActor
class DetachableRegistration: AnyRegistration {
  private var uninstall: (@MainActor (DetachableRegistration) -> Void)?

  init(uninstall: @escaping @MainActor (DetachableRegistration) -> Void) {
    self.uninstall = uninstall
    super.init()
  }

  /// Forgets the owner without calling back: the owner is going away.
  final func detach() {
    uninstall = nil
    markRemoved()
  }

  override final func removeFromOwner() {
    let uninstall = uninstall
    self.uninstall = nil
    uninstall?(self)
  }
}
