/// One registration on a node: a listener, an interceptor or a responder.
///
/// Dispatch reads `keyID`, `capture` and `isRemoved` from here and then casts to the typed box;
/// the cast is safe because a key id is only ever registered with its own payload type.
@MainActor
class Registration: Cancellable {
  let keyID: Int
  let capture: Bool
  let once: Bool
  let isTargetBound: Bool
  /// The target of a target-bound registration; the registration dies with it.
  weak var target: AnyObject?
  /// Set when cancelled; a removed registration never runs again, even from a snapshot.
  var isRemoved = false
  weak var core: NodeCore?

  init(keyID: Int, capture: Bool, once: Bool, target: AnyObject?) {
    self.keyID = keyID
    self.capture = capture
    self.once = once
    self.isTargetBound = target != nil
    self.target = target
  }

  /// Whether the registration can still run: not cancelled, its node alive, its target alive.
  var isActive: Bool {
    !isRemoved && core?.isAlive == true && (!isTargetBound || target != nil)
  }

  func cancel() {
    guard !isRemoved else { return }
    isRemoved = true
    core?.remove(self)
  }
}

/// A listener for events with payload `P`.
final class ListenerBox<P>: Registration {
  let body: @MainActor (inout EventContext, P) throws -> Void

  init(
    keyID: Int, capture: Bool, once: Bool, target: AnyObject?,
    body: @escaping @MainActor (inout EventContext, P) throws -> Void
  ) {
    self.body = body
    super.init(keyID: keyID, capture: capture, once: once, target: target)
  }
}

/// An interceptor that may rewrite payloads of type `P` in flight.
final class InterceptorBox<P>: Registration {
  let body: @MainActor (inout EventContext, inout P) throws -> Void

  init(keyID: Int, body: @escaping @MainActor (inout EventContext, inout P) throws -> Void) {
    self.body = body
    super.init(keyID: keyID, capture: false, once: false, target: nil)
  }
}

/// A responder that answers requests with payload `P` with an `R`, or declines with `nil`.
final class ResponderBox<P, R>: Registration {
  let body: @MainActor (inout EventContext, P) throws -> R?

  init(
    keyID: Int, target: AnyObject?, body: @escaping @MainActor (inout EventContext, P) throws -> R?
  ) {
    self.body = body
    super.init(keyID: keyID, capture: false, once: false, target: target)
  }
}
