/// One member of an N-way binding whose common value type is `Value`: a property or a hook,
/// with optional transforms between the member's own type and `Value`.
///
/// ```swift
/// // b is always 100 × a and c, whichever of them is set.
/// bind([
///   BindingMember(a),
///   BindingMember(b, toMember: { $0 * 100 }, fromMember: { $0 / 100 }),
///   BindingMember(c),
/// ])
/// ```
///
/// `toMember` turns the binding's value into the member's; `fromMember` turns the member's value
/// back when the member is the one that changed.
@MainActor
public struct BindingMember<Value> {
  @usableFromInline let make: @MainActor () -> MemberBox<Value>

  /// A property whose value is the binding's value.
  ///
  /// - Parameter property: The property; held weakly by the binding.
  @inlinable
  public init(_ property: Property<Value>) where Value: Equatable {
    make = { PropertyMember.make(property, toMember: { $0 }, fromMember: { $0 }) }
  }

  /// A property whose value is derived from the binding's value, and back.
  ///
  /// - Parameters:
  ///   - property: The property; held weakly by the binding.
  ///   - toMember: Turns the binding's value into this member's value.
  ///   - fromMember: Turns this member's value into the binding's value when it changes.
  @inlinable
  public init<Member: Equatable>(
    _ property: Property<Member>,
    toMember: @escaping @MainActor (Value) -> Member,
    fromMember: @escaping @MainActor (Member) -> Value
  ) {
    make = { PropertyMember.make(property, toMember: toMember, fromMember: fromMember) }
  }

  /// A hook (FishBind's method binding): each call is a change with its argument as the value,
  /// and the binding updates this member by calling it.
  ///
  /// - Parameter hook: The hook; held weakly by the binding.
  public init<Result>(_ hook: Hook<Value, Result>) {
    make = { HookMember(hook, toMember: { $0 }, fromMember: { $0 }) }
  }

  /// A hook whose arguments are derived from the binding's value, and back.
  ///
  /// - Parameters:
  ///   - hook: The hook; held weakly by the binding.
  ///   - toMember: Turns the binding's value into the arguments the binding calls the hook with.
  ///   - fromMember: Turns the arguments of a call into the binding's value.
  public init<Args, Result>(
    _ hook: Hook<Args, Result>,
    toMember: @escaping @MainActor (Value) -> Args,
    fromMember: @escaping @MainActor (Args) -> Value
  ) {
    make = { HookMember(hook, toMember: toMember, fromMember: fromMember) }
  }

  @usableFromInline
  init(make: @escaping @MainActor () -> MemberBox<Value>) { self.make = make }
}
