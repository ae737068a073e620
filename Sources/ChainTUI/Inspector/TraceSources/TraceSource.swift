/// Where `chaintui inspect` reads a trace from: polled by the runner between keys, never
/// waiting for input.
@MainActor
package protocol TraceSource: AnyObject {
  /// Reads what arrived since the last poll (up to a budget, so keys stay responsive) into
  /// the inspector; returns whether anything arrived.
  func poll(into inspector: TraceInspector) -> Bool
}
