/// What the ``Driver`` runs programs against: ChainKit itself, or the ``ReferenceModel``.
///
/// Every operation names nodes by the program's ids and is only called for ids with a live node
/// (the driver asks ``exists(_:)`` first). Registrations call back into ``host`` with what they
/// saw and apply the ``Reaction`` it returns.
@MainActor
protocol World: AnyObject {
  var host: Driver? { get set }

  func exists(_ node: Int) -> Bool
  func create(_ node: Int, name: String)
  /// Mounts `child` under `parent`; the error's description when the mount is refused.
  func mount(_ child: Int, at parent: Int) -> String?
  func unmount(_ child: Int, from parent: Int)
  func unmountAll(_ node: Int)
  func release(_ node: Int)
  func listen(_ node: Int, _ key: EventName, capture: Bool, once: Bool, id: Int, script: Script)
  func intercept(_ node: Int, _ key: Intercepted, id: Int, script: Script)
  func respond(_ node: Int, id: Int, script: Script)
  func subscribe(_ node: Int, _ key: DataName, id: Int, script: Script)
  func cancel(_ registration: Int)
  func post(_ node: Int, _ key: EventName, _ payload: Int) -> OutcomeSummary
  func request(_ node: Int, _ payload: Int) -> Int?
  func requestAll(_ node: Int, _ payload: Int) -> [Int]
  func share(_ node: Int, _ key: DataName, _ value: Int)
  func unshare(_ node: Int, _ key: DataName)
  func read(_ node: Int, _ key: DataName) -> Int?
  /// The names on the node's path, in bubble order.
  func path(_ node: Int) -> [String]
  /// The node's listeners, interceptors and responders that can still run.
  func registrationCount(_ node: Int) -> Int
  /// How many of the tokens handed out are still active.
  func activeTokenCount() -> Int
  /// Releases every node the program still holds, in id order.
  func releaseAll()
  /// Called by the driver after every operation, nested or not; `topLevel` is true after an
  /// operation no registration's script started (nothing is under way then). See
  /// ``Driver/afterEachStep()``.
  func afterEachStep(topLevel: Bool)
  /// After the program: whether a nested post still works in this process (rule 14: a runaway
  /// "leaves every later top-level operation of every kind working").
  func laterNestedPostsWork() -> Bool
}

/// One call of a registration, as the world reports it to the driver.
struct Call {
  enum Kind: String {
    case listener, capture, interceptor, responder, data
  }

  var kind: Kind
  var registration: Int
  /// The node the registration is on (for events, the context's current node).
  var node: String
  /// The context's phase; `nil` for data deliveries.
  var phase: String?
  /// The event's target; `nil` for data deliveries.
  var target: String?
  /// The payload, or the delivered value (`nil`: no value).
  var value: Int?
}

/// What a script asked for, applied by the world to its context after the script returned.
///
/// NB: applying the flags after the script instead of as it runs is equivalent: a context is
/// only read once its listener returns, and a nested post has a context of its own.
struct Reaction {
  var stop = false
  var stopImmediate = false
  var prevent = false
  var rewrite = 0
  var response: Int?
  var threw = false
}

/// What a post returned, reduced to what both worlds can state.
struct OutcomeSummary: Equatable, CustomStringConvertible {
  var prevented: Bool
  var stopped: Bool
  var listenersRun: Int
  /// `node/phase/key/rID` for a thrown error, `nesting(key)` for the nesting limit.
  var errors: [String]

  var description: String {
    var parts = ["ran \(listenersRun)"]
    if stopped { parts.append("stopped") }
    if prevented { parts.append("prevented") }
    if !errors.isEmpty { parts.append("errors [\(errors.joined(separator: ", "))]") }
    return parts.joined(separator: ", ")
  }
}

/// What a script throws.
struct ScriptError: Error, CustomStringConvertible {
  var registration: Int
  var description: String { "r\(registration)" }
}
