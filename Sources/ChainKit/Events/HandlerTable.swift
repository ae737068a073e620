/// A table of handlers for many events at one level (the router's strategy pattern).
///
/// Build one with ``Node/handlers(capture:_:)``. Each entry is an ordinary listener, so an event
/// the table has no entry for simply passes on up the path; it is never swallowed.
///
/// ```swift
/// controller.handlers { table in
///   table.on("cellClicked") { ctx, params in open(params["row", as: Int.self]) }
///   table.on(.refresh) { ctx, _ in reload() }
/// }
/// ```
@MainActor
public struct HandlerTable {
  private var entries: [(Node, Bool) -> Subscription] = []

  init() {}

  /// Adds a handler for a typed event.
  ///
  /// - Parameters:
  ///   - key: The event.
  ///   - body: The handler.
  public mutating func on<Payload>(
    _ key: EventKey<Payload>,
    _ body: @escaping @MainActor (inout EventContext, Payload) throws -> Void
  ) {
    entries.append { node, capture in node.on(key, capture: capture, body) }
  }

  /// Adds a handler for a named event.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - body: The handler, given the params.
  public mutating func on(
    _ name: String,
    _ body: @escaping @MainActor (inout EventContext, Params) throws -> Void
  ) {
    on(EventKey<Params>(name), body)
  }

  /// Adds a handler for a typed event, bound to `target`, which it holds weakly.
  ///
  /// The entry is a target-bound listener (``Node/on(_:target:capture:_:)``): it ends when
  /// `target` deallocates, and the target is handed to `body`, so the handler need not capture
  /// it.
  ///
  /// ```swift
  /// controller.handlers { table in
  ///   table.on(.refresh, target: self) { me, ctx, _ in me.reload() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The event.
  ///   - target: The object the handler works on; held weakly.
  ///   - body: The handler, given the target, the context and the payload.
  public mutating func on<Payload, Target: AnyObject>(
    _ key: EventKey<Payload>, target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, Payload) throws -> Void
  ) {
    // NB: a strong capture: the table lives only until `handlers(capture:_:)` registers it.
    entries.append { node, capture in node.on(key, target: target, capture: capture, body) }
  }

  /// Adds a handler for a named event, bound to `target`, which it holds weakly.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - target: The object the handler works on; held weakly.
  ///   - body: The handler, given the target, the context and the params.
  public mutating func on<Target: AnyObject>(
    _ name: String, target: Target,
    _ body: @escaping @MainActor (Target, inout EventContext, Params) throws -> Void
  ) {
    on(EventKey<Params>(name), target: target, body)
  }

  func register(on node: Node, capture: Bool) -> Subscription {
    Subscription.combining(entries.map { $0(node, capture) })
  }
}

extension Node {
  /// Registers a table of handlers at this node, one listener per entry, in table order.
  ///
  /// - Parameters:
  ///   - capture: `true` to handle in the capture phase.
  ///   - build: Fills the table.
  /// - Returns: One token that cancels every handler of the table.
  @discardableResult
  public func handlers(
    capture: Bool = false, _ build: (inout HandlerTable) -> Void
  ) -> Subscription {
    var table = HandlerTable()
    build(&table)
    return table.register(on: self, capture: capture)
  }
}
