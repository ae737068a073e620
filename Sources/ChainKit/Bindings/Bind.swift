/// Binds `target` to `source` one way: each change of `source` is written to `target`.
///
/// `target` takes `source`'s value at once. A write of an equal value changes nothing and is
/// not propagated. Writes to `target` do not flow back.
///
/// - Parameters:
///   - source: The property whose changes propagate; held weakly.
///   - target: The property that follows it; held weakly.
///   - name: The binding's name in traces.
/// - Returns: A token that unbinds; dropping it does not (the binding lives as long as its
///   properties).
@MainActor
@inlinable @discardableResult
public func bind<Value: Equatable>(
  _ source: Property<Value>, to target: Property<Value>, name: String = ""
) -> Subscription {
  bind(source, to: target, name: name) { $0 }
}

/// Binds `target` to `source` one way through a transform: each change of `source` writes
/// `transform(source.value)` to `target`.
///
/// - Parameters:
///   - source: The property whose changes propagate; held weakly.
///   - target: The property that follows it; held weakly.
///   - name: The binding's name in traces.
///   - transform: Turns a value of `source` into a value of `target`.
/// - Returns: A token that unbinds.
@MainActor
@inlinable @discardableResult
public func bind<Source: Equatable, Target: Equatable>(
  _ source: Property<Source>, to target: Property<Target>, name: String = "",
  transform: @escaping @MainActor (Source) -> Target
) -> Subscription {
  start(oneWay(source, to: target, transform: transform), name: name)
}

/// The members of a one-way binding from `source` to `target` through `transform`.
@MainActor
@usableFromInline
package func oneWay<Source: Equatable, Target: Equatable>(
  _ source: Property<Source>, to target: Property<Target>,
  transform: @escaping @MainActor (Source) -> Target
) -> [BindingMember<Source>] {
  [
    BindingMember { PropertyMember.make(source, toMember: nil, fromMember: { $0 }) },
    BindingMember { PropertyMember.make(target, toMember: transform, fromMember: nil) },
  ]
}

/// Binds properties of the same type both ways: setting any of them sets all the others.
///
/// The others take the first property's value at once. Each change updates every other
/// property exactly once, in array order. Use ``BindingMember`` for members with transforms;
/// the Bindings article says what happens when an observer writes to a member while a change
/// propagates.
///
/// - Parameters:
///   - properties: The properties, in update order; held weakly.
///   - name: The binding's name in traces.
/// - Returns: A token that unbinds.
@MainActor
@inlinable @discardableResult
public func bind<Value: Equatable>(
  _ properties: [Property<Value>], name: String = ""
) -> Subscription {
  start(properties.map { BindingMember($0) }, name: name)
}

/// Binds members both ways, each with its own transforms: a change of any member updates
/// every other member exactly once, in array order.
///
/// The others take the first member's value at once (unless the first member is a hook, which
/// has no value). A member whose property, hook or owner is gone is dropped.
///
/// - Parameters:
///   - members: The members, in update order.
///   - name: The binding's name in traces.
/// - Returns: A token that unbinds.
@MainActor
@inlinable @discardableResult
public func bind<Value>(
  _ members: [BindingMember<Value>], name: String = ""
) -> Subscription {
  start(members, name: name)
}

/// Starts a binding group of `members`; `hook` hears each of its changes (ChainKitTracing's
/// `bind(_:name:tracer:)` passes one).
@MainActor
@usableFromInline
package func start<Value>(
  _ members: [BindingMember<Value>], name: String, hook: (any TraceHook)? = nil
) -> Subscription {
  let boxes = ContiguousArray(members.map { $0.make() })
  // The members' runtime; a binding without members goes nowhere, so any runtime would do.
  let group = BindingGroup(
    name: name, hook: hook, members: boxes, runtime: boxes.first?.runtime ?? .main)
  return group.start()
}
