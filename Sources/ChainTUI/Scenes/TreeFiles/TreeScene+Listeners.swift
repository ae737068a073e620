import ChainKit

extension TreeScene {
  /// Registers an `on` line's listener at a panel's node, and its `decorate` actions as
  /// interceptors, which run before the node's listeners on the way up.
  func listen(_ listener: TreeListener, at index: Int) {
    let node = panels[index].node
    var actions: [TreeAction] = []
    for action in listener.actions {
      guard case .decorate(let added) = action.kind else {
        actions.append(action)
        continue
      }
      node.decorate(listener.name) { params in
        let current = Self.strings(params)
        for param in added { params[param.name] = param.value.param(with: current) }
      }
    }
    guard !actions.isEmpty else { return }
    node.on(listener.name, capture: listener.capture) { [weak self] ctx, params in
      try self?.perform(actions, event: listener.name, ctx: &ctx, params: params, at: index)
    }
  }

  /// Runs a listener's actions in order; `throw` ends them.
  private func perform(
    _ actions: [TreeAction], event: String, ctx: inout EventContext, params: Params, at index: Int
  ) throws {
    let panel = panels[index]
    let values = Self.strings(params)
    for action in actions {
      switch action.kind {
      case .log:
        panel.note("saw \(event) \(params)" + (ctx.phase == .capture ? " on the way down" : ""))
      case .handle: countHandled(event, at: index)
      case .stopPropagation: ctx.stopPropagation()
      case .stopImmediatePropagation: ctx.stopImmediatePropagation()
      case .preventDefault: ctx.preventDefault()
      case .throwError(let message): throw TreeListenerError(message: message)
      case .share(let key, let value):
        panel.node.share(value.resolved(with: values), for: DataKey<String>(key))
      case .post(let name, let params): panel.node.post(name, Self.params(params, from: values))
      case .set(let field, let value):
        setField("\(panel.name).\(field)", to: value.resolved(with: values))
      case .decorate, .answer, .decline: continue
      }
    }
  }

  /// Registers an `on` line that answers or declines a request at a panel's node.
  func respond(_ listener: TreeListener, at index: Int) {
    let panel = panels[index]
    panel.node.respond(to: RequestKey<Params, String>(listener.name)) {
      [unowned panel] _, params in
      let values = Self.strings(params)
      for action in listener.actions {
        switch action.kind {
        case .log: panel.note("was asked \(listener.name) \(params)")
        case .throwError(let message): throw TreeListenerError(message: message)
        case .answer(let value): return value.resolved(with: values)
        case .decline: return nil
        default: continue
        }
      }
      return nil
    }
  }

  /// An event's params as text, for `{name}` placeholders.
  static func strings(_ params: Params) -> [String: String] {
    params.values.mapValues { String(describing: $0) }
  }
}
