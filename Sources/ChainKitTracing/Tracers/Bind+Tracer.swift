public import ChainKit

// ChainKit's `bind` functions with a tracer: the same bindings, whose group tells `tracer` each
// update, echo and drop as a ``BindingRecord``.

/// Binds `target` to `source` one way, tracing the binding: ChainKit's `bind(_:to:name:)`, whose
/// every update, echo and drop `tracer` receives as a ``BindingRecord``.
///
/// - Parameters:
///   - source: The property whose changes propagate; held weakly.
///   - target: The property that follows it; held weakly.
///   - name: The binding's name in traces.
///   - tracer: A tracer that receives a ``BindingRecord`` for every update, echo and drop.
/// - Returns: A token that unbinds; dropping it does not (the binding lives as long as its
///   properties).
@MainActor
@discardableResult
public func bind<Value: Equatable>(
  _ source: Property<Value>, to target: Property<Value>, name: String = "", tracer: any Tracer
) -> Subscription {
  start(oneWay(source, to: target) { $0 }, name: name, hook: TracerHook(tracer))
}

/// Binds `target` to `source` one way through a transform, tracing the binding: ChainKit's
/// `bind(_:to:name:transform:)` with a tracer.
///
/// - Parameters:
///   - source: The property whose changes propagate; held weakly.
///   - target: The property that follows it; held weakly.
///   - name: The binding's name in traces.
///   - tracer: A tracer that receives a ``BindingRecord`` for every update, echo and drop.
///   - transform: Turns a value of `source` into a value of `target`.
/// - Returns: A token that unbinds.
@MainActor
@discardableResult
public func bind<Source: Equatable, Target: Equatable>(
  _ source: Property<Source>, to target: Property<Target>, name: String = "",
  tracer: any Tracer, transform: @escaping @MainActor (Source) -> Target
) -> Subscription {
  start(oneWay(source, to: target, transform: transform), name: name, hook: TracerHook(tracer))
}

/// Binds properties of the same type both ways, tracing the binding: ChainKit's
/// `bind(_:name:)` with a tracer.
///
/// - Parameters:
///   - properties: The properties, in update order; held weakly.
///   - name: The binding's name in traces.
///   - tracer: A tracer that receives a ``BindingRecord`` for every update, echo and drop.
/// - Returns: A token that unbinds.
@MainActor
@discardableResult
public func bind<Value: Equatable>(
  _ properties: [Property<Value>], name: String = "", tracer: any Tracer
) -> Subscription {
  start(properties.map { BindingMember($0) }, name: name, hook: TracerHook(tracer))
}

/// Binds members both ways, each with its own transforms, tracing the binding: ChainKit's
/// `bind(_:name:)` for members with a tracer.
///
/// - Parameters:
///   - members: The members, in update order.
///   - name: The binding's name in traces.
///   - tracer: A tracer that receives a ``BindingRecord`` for every update, echo and drop.
/// - Returns: A token that unbinds.
@MainActor
@discardableResult
public func bind<Value>(
  _ members: [BindingMember<Value>], name: String = "", tracer: any Tracer
) -> Subscription {
  start(members, name: name, hook: TracerHook(tracer))
}
