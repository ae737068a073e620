/// The per-key counts of registration changes that tell a dispatch plan it is stale.
extension ChainRuntime {
  /// The count of changes to `keyID`'s registrations so far (0 before the first).
  @inlinable @inline(__always)
  func generation(ofKey keyID: Int) -> UInt64 {
    keyID < keyGenerations.count ? keyGenerations[keyID] : 0
  }

  /// Records that a registration for `keyID` was added or removed on some node: every plan made
  /// for the key before now is stale.
  func registrationsChanged(keyID: Int) {
    if keyID >= keyGenerations.count {
      keyGenerations.append(contentsOf: repeatElement(0, count: keyID + 1 - keyGenerations.count))
    }
    keyGenerations[keyID] &+= 1
    registrationChanges &+= 1
  }
}
