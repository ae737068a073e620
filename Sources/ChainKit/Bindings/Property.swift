// Bindings: observable values and calls (FishBind's design). A `Property` notifies its observers
// (an `ObserverList`) after each change; a `Hook` after each call. `bind` ties properties and hooks
// together one way or N ways through a `BindingGroup`, whose members (`MemberBox`) skip their own
// echoes and defer writes made while a change propagates.

/// An observable value: observers learn the old and the new value after each write.
///
/// ```swift
/// let name = Property("", name: "userName")
/// name.observe { old, new in print("\(old) -> \(new)") }
/// name.value = "json"  // prints " -> json"
/// ```
///
/// Observers run in registration order, after the write. For an `Equatable` value, writing a
/// value equal to the current one changes nothing and notifies nobody. The bindings the property
/// is a member of propagate after all its observers have run. An observer added while observers
/// are being notified is first called by the next write; one cancelled meanwhile is not called
/// again. ``setSilently(_:)`` writes without notifying anyone (FishBind's `deadFish`). A property
/// may name an `owner`: when the owner deallocates, the property leaves every binding it is in.
///
/// A write from inside the property's own notification (an observer, or a binding, writing it
/// back) is stored at once and notified after the current round: observers later in the round
/// still see the round's value, then one more round reports the newest value (several such
/// writes coalesce into one round, the last value winning). Observers that keep writing new
/// values round after round are cut off after ``ReentryGuard/nestingLimit`` rounds with
/// ``ChainError/writeLoop(name:rounds:)`` in the outcome of the enclosing dispatch, never a
/// stack overflow.
@MainActor
public final class Property<Value> {
  /// A human-readable name, used by traces.
  public let name: String
  // NB: `storage`, `isNotifying` and `deferredOld` are `@exclusivity(unchecked)`: touched on
  // every write, on the main actor only and in place, never passed `inout` across a call to
  // unknown code, so the dynamic exclusivity check could never fire. `storage` is
  // `@usableFromInline` with the setter `@inlinable`, so a client's write is specialised.
  @exclusivity(unchecked) @usableFromInline var storage: Value
  @usableFromInline let observers: ObserverList<Value, Value>
  /// The bindings this property is a member of; notified after the observers.
  @usableFromInline let bindings: ObserverList<Value, Value>
  /// `==` for an `Equatable` value, so an equal write stops; `nil` otherwise.
  @usableFromInline let isEqual: ((Value, Value) -> Bool)?
  /// Whether a notification round of this property is under way.
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  /// For a write made during a round: the value before it, to notify once the round is over.
  @exclusivity(unchecked) @usableFromInline var deferredOld: Value?
  @usableFromInline let hasOwner: Bool
  /// The runtime this property was made in, which every write's notification round goes
  /// through.
  @usableFromInline let runtime: ChainRuntime
  /// The object this property belongs to, held weakly; `nil` if none was given or it is gone.
  public private(set) weak var owner: AnyObject?
  /// The ``ObservableProperty`` made by ``observable``, kept so every caller gets the same one.
  var observationAdapter: AnyObject?

  /// Creates a property; every write notifies, since values cannot be compared.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - name: A human-readable name, used by traces.
  ///   - owner: The object the property belongs to, held weakly; when it deallocates, the
  ///     property is dropped from its bindings.
  public convenience init(_ value: Value, name: String = "", owner: AnyObject? = nil) {
    self.init(value, name: name, owner: owner, isEqual: nil, runtime: .main)
  }

  /// Creates a property of an `Equatable` value: a write of an equal value notifies nobody.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - name: A human-readable name, used by traces.
  ///   - owner: The object the property belongs to, held weakly; when it deallocates, the
  ///     property is dropped from its bindings.
  public convenience init(_ value: Value, name: String = "", owner: AnyObject? = nil)
  where Value: Equatable {
    self.init(value, name: name, owner: owner, isEqual: { $0 == $1 }, runtime: .main)
  }

  /// Creates a property whose notifications go through `runtime`; `isEqual` stops a write of an
  /// equal value, if given.
  init(
    _ value: Value, name: String, owner: AnyObject?, isEqual: ((Value, Value) -> Bool)?,
    runtime: ChainRuntime
  ) {
    self.storage = value
    self.name = name
    self.isEqual = isEqual
    self.hasOwner = owner != nil
    self.owner = owner
    self.runtime = runtime
    observers = ObserverList(runtime: runtime)
    bindings = ObserverList(runtime: runtime)
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
    if let isEqual, isEqual(storage, newValue) { return }
    let old = storage
    storage = newValue
    if isNotifying {
      // NB: a write from inside this property's own round: notified once the round is over.
      if deferredOld == nil { deferredOld = old }
      return
    }
    notify(old: old, new: newValue, skipping: skipped)
  }

  /// Runs notification rounds through the ``ReentryGuard``: this write's, then one per batch
  /// of writes made during the previous round.
  @inlinable
  func notify(old: Value, new: Value, skipping skipped: ObjectIdentifier?) {
    let runtime = self.runtime
    guard runtime.admit(displayName) == nil else { return }
    _ = runtime.enter()
    isNotifying = true
    var old = old
    var new = new
    var skipped = skipped
    var rounds = 1
    while true {
      observers.notify(old, new)
      bindings.notify(old, new, skipping: skipped)
      guard let pending = deferredOld else { break }
      deferredOld = nil
      if let isEqual, isEqual(pending, storage) { break }
      guard rounds < runtime.limit else {
        runtime.report(.writeLoop(name: displayName, rounds: rounds))
        break
      }
      rounds += 1
      old = pending
      new = storage
      skipped = nil
    }
    isNotifying = false
    runtime.leave()
  }

  /// Writes `newValue` without notifying any observer or binding (FishBind's `deadFish`).
  ///
  /// - Parameter newValue: The value to store.
  public func setSilently(_ newValue: Value) { storage = newValue }

  /// Registers an observer called with the old and the new value after each write.
  ///
  /// The observer lives until its token is cancelled or the property deallocates. An observer
  /// that works on an object takes it as `owner` instead (``observe(owner:_:)-(Owner,_)``), so
  /// that it needs no capture of the object and ends with it.
  ///
  /// - Parameter body: The observer, given the old and the new value.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @discardableResult
  public func observe(_ body: @escaping @MainActor (Value, Value) -> Void) -> Subscription {
    observers.add(lifetime: nil, body).token()
  }

  /// Registers an observer on behalf of `owner`, held weakly and handed to `body` (FishBind's
  /// `callBack.tager`); the observer ends when `owner` deallocates.
  ///
  /// The observer receives the owner, so it need not capture it: capturing the object that
  /// holds the property strongly would keep both alive for ever, and a weak capture is what this
  /// spelling writes for you. This is the lifetime option every registration spells the same
  /// way: `owner:` (or `target:` for an event's listeners), held weakly, handed to the closure
  /// first.
  ///
  /// ```swift
  /// @MainActor final class Badge {
  ///   let count = Property(0, name: "Badge.count")
  ///   private(set) var text = ""
  ///   init() {
  ///     count.observe(owner: self) { badge, _, new in badge.text = "\(new) new" }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - owner: The object the observer belongs to; held weakly.
  ///   - body: The observer, given the owner, the old and the new value.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @discardableResult
  public func observe<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @MainActor (Owner, Value, Value) -> Void
  ) -> Subscription {
    observers.add(lifetime: owner) { [weak owner] old, new in
      guard let owner else { return }
      body(owner, old, new)
    }.token()
  }

  /// Registers an observer whose lifetime ends with `owner`, without handing it the owner.
  ///
  /// Replaced by ``observe(owner:_:)-(Owner,_)``, which hands the owner to the observer, so that
  /// the observer needs no capture of it.
  ///
  /// - Parameters:
  ///   - owner: An object whose deallocation ends the observer; held weakly. `nil` for none.
  ///   - body: The observer, given the old and the new value.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @available(
    *, deprecated,
    message:
      "take the owner as the observer's first parameter: observe(owner: o) { o, old, new in … }"
  )
  @discardableResult
  public func observe(
    owner: AnyObject?, _ body: @escaping @MainActor (Value, Value) -> Void
  ) -> Subscription {
    observers.add(lifetime: owner, body).token()
  }

  /// The number of observers (bindings included) that can still be called.
  public var observerCount: Int { observers.liveCount + bindings.liveCount }

  /// Whether the property still belongs to a live owner, or never had one.
  @usableFromInline
  var isOwnerAlive: Bool { !hasOwner || owner != nil }

  @usableFromInline
  var displayName: String { name.isEmpty ? "Property<\(Value.self)>" : name }
}
