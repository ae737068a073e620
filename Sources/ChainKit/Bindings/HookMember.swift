/// A ``Hook`` as a binding member (FishBind's method binding): a call of the hook is a change,
/// and the binding updates the member by calling the hook.
///
/// A hook has no current value, so nothing stops an update to it: every change that reaches it
/// calls it once. Calls of the hook made while the binding is calling it are its echo.
final class HookMember<G, Args, Result>: MemberBox<G> {
  private weak var hook: Hook<Args, Result>?
  private let toMember: (@MainActor (G) -> Args)?
  private let fromMember: (@MainActor (Args) -> G)?
  private let memberName: String
  private weak var observer: ObserverBox<Args, Result>?

  init(
    _ hook: Hook<Args, Result>, toMember: (@MainActor (G) -> Args)?,
    fromMember: (@MainActor (Args) -> G)?
  ) {
    self.hook = hook
    self.toMember = toMember
    self.fromMember = fromMember
    self.memberName = hook.displayName
    super.init(sends: fromMember != nil, receives: toMember != nil, runtime: hook.runtime)
  }

  override var name: String { memberName }

  override var isAlive: Bool { hook?.isOwnerAlive ?? false }

  override func attach(to group: BindingGroup<G>) {
    guard sends, let hook else { return }
    observer = hook.bindings.add(lifetime: nil) { [group, self] args, _ in
      self.received(args, in: group)
    }
  }

  private func received(_ args: Args, in group: BindingGroup<G>) {
    guard let fromMember else { return }
    if group.isPropagating {
      let isEcho = group.currentTarget === self
      group.reentered(
        self, value: isEcho ? nil : fromMember(args), old: nil, new: String(describing: args))
      return
    }
    group.trace(.change, self, new: String(describing: args))
    group.propagate(from: self, value: fromMember(args))
  }

  override func apply(_ value: G, in group: BindingGroup<G>) -> Bool {
    guard let hook, hook.isOwnerAlive, let toMember else { return false }
    let args = toMember(value)
    group.trace(.update, self, new: String(describing: args))
    hook.call(args)
    return true
  }

  override func detach() {
    observer?.cancel()
    observer = nil
  }
}
