/// A randomized program: steps run in order against a ``World``, each one an ``Op``.
///
/// Nodes are named by small ids (`create(3)` makes node `n3`); a step that names an id with no
/// live node does nothing and logs so, which keeps every shrunk program meaningful.
struct Program: Equatable {
  var steps: [Op]
}

/// The event keys programs use: `a` and `b` bubble, `c` does not.
enum EventName: String, CaseIterable {
  case a, b, c

  var bubbles: Bool { self != .c }
}

/// The data keys programs share and subscribe to.
enum DataName: String, CaseIterable {
  case x, y
}

/// What an interceptor rewrites: one event key, or the request key `q`.
enum Intercepted: Equatable {
  case event(EventName)
  case request
}

/// One operation on the tree: a top-level step, or something a listener does.
enum Op: Equatable {
  case create(Int)
  /// Mounts the first node under the second.
  case mount(Int, Int)
  /// Unmounts the first node from the second.
  case unmount(Int, Int)
  case unmountAll(Int)
  /// The program drops its reference to the node (its owner releases it).
  case release(Int)
  case listen(Int, EventName, capture: Bool, once: Bool, Script)
  case intercept(Int, Intercepted, Script)
  case respond(Int, Script)
  case subscribe(Int, DataName, Script)
  /// Cancels the registration with this id (registrations are numbered from 0 as they are made).
  case cancel(Int)
  case post(Int, EventName, Int)
  case request(Int, Int, all: Bool)
  case share(Int, DataName, Int)
  case unshare(Int, DataName)
  case read(Int, DataName)
  /// Logs the node's path and its number of live registrations.
  case inspect(Int)
}

/// What a listener, interceptor, responder or data subscriber does when called, in order.
typealias Script = [Effect]

/// One thing a script does.
enum Effect: Equatable {
  case op(Op)
  case stop
  case stopImmediate
  case prevent
  /// Interceptors: adds this to the payload.
  case rewrite(Int)
  /// Responders: the response (`nil` declines); the last one given counts.
  case answer(Int?)
  /// Throws; the rest of the script does not run.
  case fail
  /// Cancels the registration whose script this is.
  case cancelSelf
}
