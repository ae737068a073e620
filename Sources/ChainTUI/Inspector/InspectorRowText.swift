import ChainKit

/// The text of the inspector's list rows for each dispatch, made once per dispatch: a kept
/// record never changes, while the list is drawn on every frame.
@MainActor
final class InspectorRowText {
  /// The most dispatches remembered; past it the cache starts over.
  private let capacity: Int
  private var texts: [UInt64: (header: String, hops: String)] = [:]
  private var details: [UInt64: (title: String, lines: [String])] = [:]

  /// Creates an empty cache remembering up to `capacity` dispatches.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The header after its indent and mark (" #12 like actions1>post 3µs"), and the hops
  /// ("actions1:tgt handled · post:bub passed" or "no listener ran").
  func text(for record: DispatchRecord) -> (header: String, hops: String) {
    if let known = texts[record.id] { return known }
    let header =
      " #\(record.id) \(record.key) \(record.path.joined(separator: ">")) \(InspectorView.time(record.elapsedNanoseconds))"
    let hops = record.hops.lazy.filter { !$0.passed }.map {
      "\($0.node):\(DispatchLines.phaseTag($0.phase)) \(DispatchLines.actions(of: $0, in: record))"
    }
    let text = (header, hops.isEmpty ? "no listener ran" : hops.joined(separator: " · "))
    if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
    texts[record.id] = text
    return text
  }

  /// The details of a dispatch, as ``InspectorView/details(of:)`` makes them.
  func details(for record: DispatchRecord) -> (title: String, lines: [String]) {
    if let known = details[record.id] { return known }
    let made = InspectorView.details(of: record)
    if details.count >= capacity { details.removeAll(keepingCapacity: true) }
    details[record.id] = made
    return made
  }
}
