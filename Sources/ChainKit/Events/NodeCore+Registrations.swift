/// Adding registrations to a node, one list per key.
extension NodeCore {
  /// The registrations for `keyID`, if any were ever made here.
  func registrations(for keyID: Int) -> KeyedRegistrations? {
    keyedIndex[keyID].map { keyed[$0] }
  }

  /// The registrations for `keyID`, made on first use; a new key changes the paths through this
  /// node (they must now stop here for it).
  func makeRegistrations(for keyID: Int) -> KeyedRegistrations {
    if let existing = registrations(for: keyID) { return existing }
    let registrations = KeyedRegistrations(keyID: keyID, core: self)
    keyedIndex[keyID] = keyed.count
    keyed.append(registrations)
    touch()
    return registrations
  }

  /// Adds a listener, an interceptor or a responder after those registered before it.
  func add(_ registration: Registration) {
    makeRegistrations(for: registration.keyID).add(registration)
  }

  /// The number of registrations here that can still run.
  var liveRegistrationCount: Int {
    keyed.reduce(0) { $0 + $1.liveCount }
  }

  /// Records an error a listener, interceptor or responder threw at this node.
  @usableFromInline
  func record(_ error: any Error, in ctx: inout EventContext) {
    ctx.record(ListenerError(node: name, key: ctx.key, phase: ctx.phase, underlying: error))
  }
}
