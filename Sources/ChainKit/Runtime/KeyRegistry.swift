/// Interns event and request keys into small integers, once per key value.
///
/// A key is identified by its name and its payload (and response) types. Dispatch compares these
/// integers instead of hashing names, and derives a one-bit mask from them so that a node without
/// a listener for a key is skipped with a single AND.
final class KeyRegistry: Sendable {
  static let shared = KeyRegistry()

  private struct Identity: Hashable {
    let name: String
    let payload: ObjectIdentifier
    let response: ObjectIdentifier?
  }

  private let ids = Locked<[Identity: Int]>([:])

  /// The identifier of the key with this name and these types; the same inputs give the same id.
  func id(name: String, payload: Any.Type, response: Any.Type?) -> Int {
    let identity = Identity(
      name: name,
      payload: ObjectIdentifier(payload),
      response: response.map { ObjectIdentifier($0) }
    )
    return ids.withLock { table in
      if let existing = table[identity] { return existing }
      let next = table.count
      table[identity] = next
      return next
    }
  }
}

/// The bit a key sets in a node's key mask.
@inlinable @inline(__always)
func keyBit(_ id: Int) -> UInt64 { 1 &<< UInt64(id & 63) }
