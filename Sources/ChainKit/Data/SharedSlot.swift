/// One value shared at one node for one key.
///
/// A subscriber can tell whether its resolved value changed by comparing slot identity and
/// version, without comparing (possibly non-`Equatable`) values: every `share` stores a new
/// slot, or writes a constant into the node's constant slot and gives it a new version.
///
/// NB: `version` and a box's `constant` are `@exclusivity(unchecked)`: read on every delivery,
/// on the main actor only and in place, never passed `inout` across a call, so the dynamic
/// exclusivity check could never fire.
@MainActor
@usableFromInline
class SharedSlot {
  let keyID: Int
  /// ``DataState/changeVersion`` when the slot was last stored.
  @exclusivity(unchecked) @usableFromInline final var version: UInt64 = 0

  init(keyID: Int) { self.keyID = keyID }

  /// The value as text, for traces.
  func describeValue() -> String { "" }

  /// Whether this slot's value type is its key's: what the cast in a read relies on.
  var hasItsKeysTypes: Bool { false }
}

/// A slot holding a `Value`: a constant, or a closure evaluated on each read.
@usableFromInline
final class SharedSlotBox<Value>: SharedSlot {
  @exclusivity(unchecked) @usableFromInline var constant: Value?
  @usableFromInline let compute: (@MainActor () -> Value)?

  init(keyID: Int, constant: Value) {
    self.constant = constant
    self.compute = nil
    super.init(keyID: keyID)
  }

  init(keyID: Int, compute: @escaping @MainActor () -> Value) {
    self.constant = nil
    self.compute = compute
    super.init(keyID: keyID)
  }

  /// Replaces the constant; returns `false`, changing nothing, if the slot is computed.
  func replaceConstant(with value: Value) -> Bool {
    guard compute == nil else { return false }
    constant = value
    return true
  }

  /// The value now: the constant, or the closure's current result.
  @inlinable
  func read() -> Value? {
    if let compute { return compute() }
    return constant
  }

  override var hasItsKeysTypes: Bool {
    KeyRegistry.shared.matches(keyID, payload: Value.self, response: DataKeyMarker.self)
  }

  override func describeValue() -> String {
    if compute != nil { return "<computed>" }
    // NB: `if let`, not `map`: a main-actor closure there checks the executor when called.
    guard let constant else { return "nil" }
    return String(describing: constant)
  }
}
