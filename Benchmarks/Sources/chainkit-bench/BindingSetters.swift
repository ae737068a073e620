/// The hand-written peer of a 3-way binding: three models whose setters keep each other equal,
/// with `b` holding 100 times `a`, each setter stopping when the value does not change.
final class BindingSetters {
  /// One bound value with an observer called after each change, as a bound property has.
  final class Model {
    private(set) var value = 0
    let observer: Handler

    init(observer: Handler) {
      self.observer = observer
    }

    /// Stores `newValue` and notifies; returns false if it was already equal.
    func update(_ newValue: Int) -> Bool {
      guard value != newValue else { return false }
      value = newValue
      _ = observer.call(newValue)
      return true
    }
  }

  let a: Model
  let b: Model
  let c: Model

  init() {
    let observers = Handler.make(3)
    a = Model(observer: observers[0])
    b = Model(observer: observers[1])
    c = Model(observer: observers[2])
  }

  /// Sets `a`; propagates to `b` (times 100) and `c`.
  @inline(never)
  func setA(_ value: Int) {
    guard a.update(value) else { return }
    _ = b.update(value &* 100)
    _ = c.update(value)
  }
}
