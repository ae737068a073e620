import ChainKit
import ChainKitTracing

/// A binding's record as a sentence a user reads aloud ("cents follows dollars: 0 -> 400"): the
/// panel logs and the inspector's rows say binding changes this one way.
enum BindingSentence {
  /// The sentence of one thing a binding did to a member.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - member: The member's name.
  ///   - source: The member whose change the binding is passing on, when known.
  ///   - group: The binding's name, said when the source is not known.
  ///   - old: The value before, when known.
  ///   - new: The value after, when known.
  /// - Returns: The sentence, without a trailing period (a log line).
  static func text(
    _ kind: BindingRecord.Kind, member: String, source: String?, group: String,
    old: String?, new: String?
  ) -> String {
    let values = change(old, new)
    switch kind {
    case .change:
      return concatenated(member, " changed: ", values)
    case .update:
      return concatenated(member, " follows ", source ?? "binding \(group)", ": ", values)
    case .suppressedEcho:
      return concatenated(member, " echoed back ", shown(new), ", not passed on again")
    case .deferred:
      return concatenated(member, " changed during an update: ", values, ", passed on next")
    case .dropped:
      return concatenated(member, " left binding ", group, ": it is gone")
    case .roundLimit:
      return concatenated(
        "binding ", group, " stopped at ", member, ": its changes kept coming back")
    }
  }

  /// The sentence of a record, with the source its scene saw.
  static func text(of record: BindingRecord, source: String?) -> String {
    text(
      record.kind, member: record.member, source: source, group: record.group, old: record.old,
      new: record.new)
  }

  /// "0 -> 400", `"" -> "Thanks!"`: the value before (when known), then the value after.
  static func change(_ old: String?, _ new: String?) -> String {
    guard let old else { return shown(new) }
    return concatenated(shown(old), " -> ", shown(new))
  }

  /// A number as it is, other text quoted, so an empty text or one with spaces reads as a value.
  static func shown(_ value: String?) -> String {
    guard let value else { return "?" }
    return Double(value) != nil ? value : concatenated("\"", value, "\"")
  }
}
