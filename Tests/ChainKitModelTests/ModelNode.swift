/// A node of the ``ReferenceModel``: plain arrays, no caching.
@MainActor
final class ModelNode {
  /// A value shared at a node; `stamp` tells one share from every other.
  struct Share {
    var stamp: Int
    var value: Int
  }

  let name: String
  /// In mount order.
  var parents: [ModelNode] = []
  /// In mount order.
  var children: [ModelNode] = []
  /// Every registration made here, of every kind, in registration order.
  var registrations: [ModelRegistration] = []
  var shares: [DataName: Share] = [:]
  /// `false` once the program has released the node.
  var isOwned = true
  /// Operations under way on the node (a call holds its receiver, as in Swift).
  var holds = 0
  /// `false` once the node has left the tree for good.
  var isAlive = true

  init(name: String) { self.name = name }

  /// The registrations that can run now and match, in registration order: a snapshot.
  func live(_ matches: (ModelRegistration) -> Bool) -> [ModelRegistration] {
    registrations.filter { !$0.isRemoved && matches($0) }
  }
}

/// A listener, interceptor, responder or data subscriber of the ``ReferenceModel``.
@MainActor
final class ModelRegistration {
  enum Kind: Equatable {
    case listener(EventName, capture: Bool, once: Bool)
    case interceptor(Intercepted)
    case responder
    case subscriber(DataName)
  }

  let id: Int
  let kind: Kind
  let script: Script
  /// The model's registration counter when this was made (see rule 10 at the target).
  let stamp: Int
  weak var node: ModelNode?
  var isRemoved = false
  /// Subscribers: the stamp of the share last delivered (`nil`: none, or nothing resolved).
  var heard: Int?

  init(id: Int, kind: Kind, script: Script, stamp: Int, node: ModelNode) {
    self.id = id
    self.kind = kind
    self.script = script
    self.stamp = stamp
    self.node = node
  }

  func isListener(_ key: EventName, capture: Bool) -> Bool {
    guard case .listener(key, capture, _) = kind else { return false }
    return true
  }

  var isCapture: Bool {
    guard case .listener(_, true, _) = kind else { return false }
    return true
  }

  var isOnce: Bool {
    guard case .listener(_, _, true) = kind else { return false }
    return true
  }
}
