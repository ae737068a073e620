public import Observation

/// A ``Property`` seen by Observation: reading ``value`` inside `withObservationTracking`, an
/// `Observations` sequence or a SwiftUI view body tracks the property, and every change of the
/// property, however it was written, is reported as a change of ``value``.
///
/// Get it with ``Property/observable``; each property has one. It adds one observer to the
/// property (counted in ``Property/observerCount``); a property nobody asked for an adapter pays
/// nothing for Observation on its writes.
///
/// ```swift
/// let name = Property("", name: "userName")
/// withObservationTracking {
///   print(name.observable.value)
/// } onChange: {
///   print("changed")
/// }
/// name.value = "json"  // prints "changed"
/// ```
///
/// The rules are the property's: a write of a value equal to the current one (for an
/// `Equatable` value) changes nothing, so Observation hears nothing either; that is what stops
/// a property and an `@Observable` model kept equal both ways from echoing forever. The change
/// is reported after the property stored it (Observation's `willSet` and `didSet` both run after
/// the write), so an `onChange` that reads the value sees the new one.
///
/// The adapter holds its property weakly; after the property is gone it keeps the last value.
@MainActor
public final class ObservableProperty<Value>: Observable {
  // NB: an adapter, not an `ObservationRegistrar` in every `Property`: `withMutation` runs on
  // every write even when nothing tracks the value, so a registrar in every property would add
  // it to each member write of a binding (BENCHMARKS.md, binding.chainkit, gated against
  // binding.observation). Only adapted properties pay it.
  private let registrar = ObservationRegistrar()
  private weak var property: Property<Value>?
  /// The value at the last change, read once the property is gone.
  private var last: Value

  init(_ property: Property<Value>) {
    self.property = property
    last = property.value
    property.observe(owner: self) { adapter, _, new in adapter.changed(to: new) }
  }

  /// The property's value; reading it is tracked by Observation, writing it writes the property
  /// (notifying its observers and bindings as any write does).
  public var value: Value {
    get {
      registrar.access(self, keyPath: \.value)
      return property?.value ?? last
    }
    set {
      guard let property else { return }
      property.value = newValue
    }
  }

  private func changed(to new: Value) {
    registrar.withMutation(of: self, keyPath: \.value) { last = new }
  }
}

extension Property {
  /// This property as an `Observable` object, for `withObservationTracking`, `Observations`
  /// and SwiftUI; see ``ObservableProperty``.
  ///
  /// The first call makes the adapter and keeps it for the property's lifetime; later calls
  /// return the same one.
  public var observable: ObservableProperty<Value> {
    if let adapter = observationAdapter as? ObservableProperty<Value> { return adapter }
    let adapter = ObservableProperty(self)
    observationAdapter = adapter
    return adapter
  }
}
