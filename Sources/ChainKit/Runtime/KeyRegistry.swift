/// Interns event and request keys into small integers, once per key value.
///
/// A key is identified by its name and its payload (and response) types. Dispatch compares these
/// integers instead of hashing names. Because an id stands for its types, a registration or a
/// shared value stored under an id holds exactly those types, which is what makes the casts in
/// dispatch safe; ``checkInvariants``-style checks ask ``types(of:)`` to confirm it.
///
/// One per process, not per ``ChainRuntime``: keys are made on any thread (usually as static
/// constants, before any runtime is touched), and a key's id must mean the same key to every
/// runtime. It is not main-actor state, so it cannot live in the main actor's runtime; its table
/// is behind a lock.
final class KeyRegistry: Sendable {
  /// The process's registry (allowed by `NoGlobalStateTests`, for the reason above).
  static let shared = KeyRegistry()

  private struct Identity: Hashable {
    let name: String
    let payload: ObjectIdentifier
    let response: ObjectIdentifier?
  }

  private let ids = Locked<(table: [Identity: Int], byID: [Identity])>(([:], []))

  /// The identifier of the key with this name and these types; the same inputs give the same id.
  func id(name: String, payload: Any.Type, response: Any.Type?) -> Int {
    let identity = Identity(
      name: name,
      payload: ObjectIdentifier(payload),
      response: response.map { ObjectIdentifier($0) }
    )
    return ids.withLock { ids in
      if let existing = ids.table[identity] { return existing }
      let next = ids.byID.count
      ids.table[identity] = next
      ids.byID.append(identity)
      return next
    }
  }

  /// The name of the key with this id.
  func name(of id: Int) -> String {
    ids.withLock { ids in ids.byID.indices.contains(id) ? ids.byID[id].name : "" }
  }

  /// The payload and response types the key with this id was made with.
  func types(of id: Int) -> (payload: ObjectIdentifier, response: ObjectIdentifier?)? {
    ids.withLock { ids in
      guard ids.byID.indices.contains(id) else { return nil }
      return (ids.byID[id].payload, ids.byID[id].response)
    }
  }

  /// Whether `id` was made with exactly these types: what every cast of a stored value to its
  /// key's types relies on.
  func matches(_ id: Int, payload: Any.Type, response: Any.Type?) -> Bool {
    guard let types = types(of: id) else { return false }
    return types.payload == ObjectIdentifier(payload)
      && types.response == response.map { ObjectIdentifier($0) }
  }
}
