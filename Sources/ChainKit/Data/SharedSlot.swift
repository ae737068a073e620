/// One value shared at one node for one key.
///
/// Every `share` stores a new slot, so a subscriber can tell whether its resolved value changed
/// by comparing slot identity, without comparing (possibly non-`Equatable`) values.
@MainActor
class SharedSlot {
  let keyID: Int

  init(keyID: Int) { self.keyID = keyID }

  /// The value as text, for traces.
  func describeValue() -> String { "" }
}

/// A slot holding a `Value`: a constant, or a closure evaluated on each read.
final class SharedSlotBox<Value>: SharedSlot {
  private let constant: Value?
  private let compute: (@MainActor () -> Value)?

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

  /// The value now: the constant, or the closure's current result.
  func read() -> Value? {
    if let compute { return compute() }
    return constant
  }

  override func describeValue() -> String {
    if compute != nil { return "<computed>" }
    return constant.map { String(describing: $0) } ?? "nil"
  }
}
