/// An observable value: observers learn the old and the new value after each write.
///
/// ```swift
/// let name = Property("", name: "userName")
/// name.observe { old, new in print("\(old) -> \(new)") }
/// name.value = "json"  // prints " -> json"
/// ```
///
/// Observers run in registration order, after the write, each time ``value`` is set (also when
/// the new value equals the old one; bindings compare, observers decide for themselves). The
/// bindings the property is a member of propagate after all its observers have run. An
/// observer added while observers are being notified is first called by the next write; one
/// cancelled meanwhile is not called again. ``setSilently(_:)`` writes without notifying anyone
/// (FishBind's `deadFish`). A property may name an `owner`: when the owner deallocates, the
/// property leaves every binding it is in.
@MainActor
public final class Property<Value> {
  /// A human-readable name, used by traces.
  public let name: String
  // NB: `@usableFromInline` with the setter `@inlinable`, so a client's write is specialised.
  @usableFromInline @exclusivity(unchecked) var storage: Value
  @usableFromInline let observers = ObserverList<Value, Value>()
  /// The bindings this property is a member of; notified after the observers.
  @usableFromInline let bindings = ObserverList<Value, Value>()
  private let hasOwner: Bool
  /// The object this property belongs to, held weakly; `nil` if none was given or it is gone.
  public private(set) weak var owner: AnyObject?

  /// Creates a property.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - name: A human-readable name, used by traces.
  ///   - owner: The object the property belongs to, held weakly; when it deallocates, the
  ///     property is dropped from its bindings.
  public init(_ value: Value, name: String = "", owner: AnyObject? = nil) {
    self.storage = value
    self.name = name
    self.hasOwner = owner != nil
    self.owner = owner
  }

  /// The current value; setting it writes, then notifies every observer with the old and the
  /// new value, then lets the bindings it is a member of propagate the change.
  @inlinable
  public var value: Value {
    get { storage }
    set { write(newValue, skipping: nil) }
  }

  /// Writes `newValue`, then notifies the observers and the bindings except `skipped`: a binding
  /// writing untraced skips its own observer instead of taking a suppressed echo round trip.
  @inlinable
  func write(_ newValue: Value, skipping skipped: ObjectIdentifier?) {
    let old = storage
    storage = newValue
    observers.notify(old, newValue)
    bindings.notify(old, newValue, skipping: skipped)
  }

  /// Writes `newValue` without notifying any observer or binding (FishBind's `deadFish`).
  ///
  /// - Parameter newValue: The value to store.
  public func setSilently(_ newValue: Value) { storage = newValue }

  /// Registers an observer called with the old and the new value after each write.
  ///
  /// - Parameters:
  ///   - owner: An object whose deallocation ends the observer; held weakly. `nil` for none.
  ///   - body: The observer, given the old and the new value.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @discardableResult
  public func observe(
    owner: AnyObject? = nil, _ body: @escaping @MainActor (Value, Value) -> Void
  ) -> Subscription {
    observers.add(lifetime: owner, body).token()
  }

  /// The number of observers (bindings included) that can still be called.
  public var observerCount: Int { observers.liveCount + bindings.liveCount }

  /// Whether the property still belongs to a live owner, or never had one.
  var isOwnerAlive: Bool { !hasOwner || owner != nil }

  var displayName: String { name.isEmpty ? "Property<\(Value.self)>" : name }
}
