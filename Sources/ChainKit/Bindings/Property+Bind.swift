extension Property where Value: Equatable {
  /// Binds `target` to this property one way: each change of this property is written to
  /// `target`; the same as ``bind(_:to:name:)``.
  ///
  /// - Parameters:
  ///   - target: The property that follows this one; held weakly.
  ///   - name: The binding's name in traces.
  /// - Returns: A token that unbinds; dropping it does not.
  @inlinable @discardableResult
  public func bind(
    to target: Property<Value>, name: String = ""
  ) -> Subscription {
    ChainKit.bind(self, to: target, name: name)
  }

  /// Binds `target` to this property one way through a transform; the same as
  /// ``bind(_:to:name:transform:)``.
  ///
  /// - Parameters:
  ///   - target: The property that follows this one; held weakly.
  ///   - name: The binding's name in traces.
  ///   - transform: Turns a value of this property into a value of `target`.
  /// - Returns: A token that unbinds; dropping it does not.
  @inlinable @discardableResult
  public func bind<Target: Equatable>(
    to target: Property<Target>, name: String = "",
    transform: @escaping @MainActor (Value) -> Target
  ) -> Subscription {
    ChainKit.bind(self, to: target, name: name, transform: transform)
  }

  /// Binds properties of the same type both ways; the same as ``bind(_:name:)-([Property<Value>],_,_)``.
  ///
  /// - Parameters:
  ///   - properties: The properties, in update order; held weakly.
  ///   - name: The binding's name in traces.
  /// - Returns: A token that unbinds; dropping it does not.
  @inlinable @discardableResult
  public static func bind(
    _ properties: [Property<Value>], name: String = ""
  ) -> Subscription {
    ChainKit.bind(properties, name: name)
  }
}

extension BindingMember {
  /// Binds members both ways, each with its own transforms; the same as
  /// ``bind(_:name:)-([BindingMember<Value>],_,_)``.
  ///
  /// - Parameters:
  ///   - members: The members, in update order.
  ///   - name: The binding's name in traces.
  /// - Returns: A token that unbinds; dropping it does not.
  @inlinable @discardableResult
  public static func bind(
    _ members: [BindingMember<Value>], name: String = ""
  ) -> Subscription {
    ChainKit.bind(members, name: name)
  }
}
