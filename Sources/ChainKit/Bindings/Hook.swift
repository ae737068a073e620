/// A function whose calls can be observed: calling it runs the function, then notifies every
/// observer with the arguments and the result (FishBind's method and block binding).
///
/// ```swift
/// let add = Hook<(Double, Double), Double>(name: "add") { i, j in i + j }
/// add.observe { args, sum in print("\(args.0) + \(args.1) = \(sum)") }
/// add(3.1, 4.1)  // prints "3.1 + 4.1 = 7.199999999999999"
/// ```
///
/// Several arguments are a tuple; a function without arguments has `Args == Void`. Observers
/// follow the same snapshot-and-cancel rules as a ``Property``'s, and the same policy for
/// re-entry: a call made from inside the hook's own notification runs the function and returns
/// its result at once, and is notified after the current round (calls made during one round are
/// notified in order in the next); observers that keep calling the hook are cut off after
/// ``ReentryGuard/nestingLimit`` rounds with ``ChainError/writeLoop(name:rounds:)``. ``callSilently(_:)`` runs the
/// function without notifying anyone (FishBind's `deadFish`). A hook can be a member of a binding
/// (see ``BindingMember``) and can post an event on each call (``post(on:_:)``). A method made
/// observable is a hook bound to its object (``init(name:owner:_:)``), which it does not keep
/// alive.
@MainActor
public final class Hook<Args, Result> {
  /// A human-readable name, used by traces.
  public let name: String
  private let body: @MainActor (Args) -> Result
  let observers: ObserverList<Args, Result>
  /// The bindings this hook is a member of; notified after the observers.
  let bindings: ObserverList<Args, Result>
  /// Whether a notification round of this hook is under way.
  private var isNotifying = false
  /// Calls made during the current round, notified in the next.
  private var deferredCalls: [(args: Args, result: Result)] = []
  /// The runtime this hook was made in, which every call's notification round goes through.
  let runtime: ChainRuntime

  /// The object this hook belongs to, held weakly; `nil` if none was given or it is gone.
  public private(set) weak var owner: AnyObject?
  /// Whether the hook was made with an owner (see ``init(name:owner:_:)``).
  private let hasOwner: Bool

  /// Wraps a function.
  ///
  /// A function that works on an object (a method made observable) takes the object as `owner`
  /// instead (``init(name:owner:_:)``): a body that captures the object that holds the hook keeps
  /// both alive for ever.
  ///
  /// - Parameters:
  ///   - name: A human-readable name, used by traces.
  ///   - body: The function; it runs on every call, before the observers.
  public convenience init(name: String = "", _ body: @escaping @MainActor (Args) -> Result) {
    self.init(name: name, runtime: .main, owner: nil, body)
  }

  /// Wraps a function whose every call's notification goes through `runtime`.
  ///
  /// `owner`, if any, is held weakly (``isOwnerAlive``); `body` must not capture it strongly.
  init(
    name: String, runtime: ChainRuntime, owner: AnyObject?,
    _ body: @escaping @MainActor (Args) -> Result
  ) {
    self.name = name
    self.body = body
    self.runtime = runtime
    observers = ObserverList(runtime: runtime)
    bindings = ObserverList(runtime: runtime)
    self.hasOwner = owner != nil
    self.owner = owner
  }

  /// Wraps a function of `owner`, held weakly and handed to `body`: a method made observable
  /// (FishBind's `post:selector:`), without a retain cycle.
  ///
  /// The object keeps its hook; the hook does not keep its object, so declare the hook as a
  /// `lazy var` of the object with `owner: self`, and call the method from the body through the
  /// owner it is handed. When the owner deallocates, the hook leaves every binding it is in, as a
  /// ``Property`` with an owner does. Calling the hook after its owner is gone is a programmer
  /// error and traps, as reading an `unowned` reference does: there is no result to return.
  ///
  /// ```swift
  /// @MainActor final class Player {
  ///   private(set) var volume = 0
  ///   lazy var setVolume = Hook(name: "Player.setVolume", owner: self) { player, level in
  ///     player.applyVolume(level)
  ///   }
  ///
  ///   private func applyVolume(_ level: Int) { volume = level }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: A human-readable name, used by traces.
  ///   - owner: The object the function works on; held weakly.
  ///   - body: The function, given the owner and the arguments; it runs on every call, before the
  ///     observers.
  public convenience init<Owner: AnyObject>(
    name: String = "", owner: Owner, _ body: @escaping @MainActor (Owner, Args) -> Result
  ) {
    let label = name.isEmpty ? "Hook<\(Args.self), \(Result.self)>" : name
    self.init(name: name, runtime: .main, owner: owner) { [weak owner] args in
      guard let owner else {
        preconditionFailure("'\(label)' was called after its owner deallocated")
      }
      return body(owner, args)
    }
  }

  /// Runs the function, then notifies every observer with the arguments and the result, then
  /// lets the bindings it is a member of propagate the call.
  ///
  /// - Parameter args: The arguments (a tuple if there are several).
  /// - Returns: The function's result.
  @discardableResult
  public func call(_ args: Args) -> Result {
    let result = body(args)
    if isNotifying {
      deferredCalls.append((args, result))
    } else {
      notify(args, result)
    }
    return result
  }

  /// Runs notification rounds through the ``ReentryGuard``: this call's, then one per batch of
  /// calls made during the previous round.
  private func notify(_ args: Args, _ result: Result) {
    let runtime = self.runtime
    guard runtime.admit(displayName) == nil else { return }
    _ = runtime.enter()
    isNotifying = true
    observers.notify(args, result)
    bindings.notify(args, result)
    var rounds = 1
    while !deferredCalls.isEmpty {
      let batch = deferredCalls
      deferredCalls = []
      guard rounds < runtime.limit else {
        runtime.report(.writeLoop(name: displayName, rounds: rounds))
        break
      }
      rounds += 1
      for call in batch {
        observers.notify(call.args, call.result)
        bindings.notify(call.args, call.result)
      }
    }
    isNotifying = false
    runtime.leave()
  }

  /// Runs the function without notifying any observer or binding (FishBind's `deadFish`).
  ///
  /// - Parameter args: The arguments.
  /// - Returns: The function's result.
  @discardableResult
  public func callSilently(_ args: Args) -> Result { body(args) }

  /// Calls the hook with its arguments; the same as ``call(_:)``.
  ///
  /// - Parameter args: The arguments.
  /// - Returns: The function's result.
  @discardableResult
  public func callAsFunction(_ args: Args) -> Result { call(args) }

  /// Calls a two-argument hook without building the tuple at the call site.
  ///
  /// - Parameters:
  ///   - first: The first argument.
  ///   - second: The second argument.
  /// - Returns: The function's result.
  @discardableResult
  public func callAsFunction<First, Second>(_ first: First, _ second: Second) -> Result
  where Args == (First, Second) {
    call((first, second))
  }

  /// Calls a hook that takes no arguments.
  ///
  /// - Returns: The function's result.
  @discardableResult
  public func callAsFunction() -> Result where Args == Void { call(()) }

  /// Registers an observer called after each call with the arguments and the result.
  ///
  /// The observer lives until its token is cancelled or the hook deallocates. An observer that
  /// works on an object takes it as `owner` instead (``observe(owner:_:)-(Owner,_)``).
  ///
  /// - Parameter body: The observer, given the arguments and the result.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @discardableResult
  public func observe(_ body: @escaping @MainActor (Args, Result) -> Void) -> Subscription {
    observers.add(lifetime: nil, body).token()
  }

  /// Registers an observer on behalf of `owner`, held weakly and handed to `body`; the observer
  /// ends when `owner` deallocates.
  ///
  /// The observer receives the owner, so it need not capture it (FishBind's `callBack.tager`).
  ///
  /// - Parameters:
  ///   - owner: The object the observer belongs to; held weakly.
  ///   - body: The observer, given the owner, the arguments and the result.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @discardableResult
  public func observe<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @MainActor (Owner, Args, Result) -> Void
  ) -> Subscription {
    observers.add(lifetime: owner) { [weak owner] args, result in
      guard let owner else { return }
      body(owner, args, result)
    }.token()
  }

  /// Registers an observer whose lifetime ends with `owner`, without handing it the owner.
  ///
  /// Replaced by ``observe(owner:_:)-(Owner,_)``, which hands the owner to the observer.
  ///
  /// - Parameters:
  ///   - owner: An object whose deallocation ends the observer; held weakly. `nil` for none.
  ///   - body: The observer, given the arguments and the result.
  /// - Returns: A token that cancels the observer; dropping it does not.
  @available(
    *, deprecated,
    message:
      "take the owner as the observer's first parameter: observe(owner: o) { o, args, result in … }"
  )
  @discardableResult
  public func observe(
    owner: AnyObject?, _ body: @escaping @MainActor (Args, Result) -> Void
  ) -> Subscription {
    observers.add(lifetime: owner, body).token()
  }

  /// Whether the hook still belongs to a live owner, or never had one.
  var isOwnerAlive: Bool { !hasOwner || owner != nil }

  /// The number of observers (bindings included) that can still be called.
  public var observerCount: Int { observers.liveCount + bindings.liveCount }

  var displayName: String { name.isEmpty ? "Hook<\(Args.self), \(Result.self)>" : name }
}
