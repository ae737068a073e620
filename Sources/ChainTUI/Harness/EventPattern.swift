import ChainKit
package import ChainKitTracing

/// The fields of an `expect event` line; each one given must match, absent ones match anything.
package struct EventPattern: Sendable, Equatable {
  /// How a dispatch ended, as scripts name it.
  package enum Outcome: String, Sendable, CaseIterable {
    /// A listener stopped propagation.
    case stopped
    /// A listener prevented the default.
    case prevented
    /// A listener (or responder) threw; the error is in the record.
    case error
    /// Neither stopped nor prevented, and nothing threw.
    case ok
  }

  /// The key's name (`key=likeTapped`).
  package var key: String?
  /// The origin (target) node's name (`origin=Photo`).
  package var origin: String?
  /// The whole path in bubble order (`path=Photo>Post>Feed`).
  package var path: [String]?
  /// How it ended (`outcome=stopped`).
  package var outcome: Outcome?
  /// For requests, the node that answered (`answered=Manager`).
  package var answeredBy: String?
  /// Event or request (`kind=request`).
  package var kind: DispatchRecord.Kind?

  package init() {}

  /// Whether a record has every field this pattern gives.
  package func matches(_ record: DispatchRecord) -> Bool {
    if let key, record.key != key { return false }
    if let origin, record.origin != origin { return false }
    if let path, record.path != path { return false }
    if let answeredBy, record.answeredBy != answeredBy { return false }
    if let kind, record.kind != kind { return false }
    switch outcome {
    case nil: return true
    case .stopped: return record.stopped
    case .prevented: return record.prevented
    case .error: return !record.errors.isEmpty
    case .ok: return !record.stopped && !record.prevented && record.errors.isEmpty
    }
  }

  /// One line describing a record in the pattern's own terms, to show what did happen.
  package static func summary(of record: DispatchRecord) -> String {
    var outcomes: [String] = []
    if record.stopped { outcomes.append("stopped") }
    if record.prevented { outcomes.append("prevented") }
    if !record.errors.isEmpty {
      outcomes.append("errors: \(record.errors.joined(separator: "; "))")
    }
    if outcomes.isEmpty { outcomes.append("ok") }
    var line = "\(record.kind.rawValue) key=\(record.key) origin=\(record.origin)"
    line += " path=\(record.path.joined(separator: ">")) outcome=\(outcomes.joined(separator: ","))"
    if let answeredBy = record.answeredBy { line += " answered=\(answeredBy)" }
    return line
  }
}
