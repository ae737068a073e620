/// A line of a JSON Lines trace that does not decode as a ``TraceRecord``.
public struct TraceDecodingError: Error, CustomStringConvertible {
  /// Why a line that is JSON is still not a line of the trace schema.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    /// The line has no `version`.
    case missingVersion
    /// The line is in the enum-wrapper form of ChainKit before schema version 1
    /// (`{"dispatch":{"_0":{…}}}`).
    case olderFormat
    /// The line's `version` is not one this ChainKit reads.
    case unsupportedVersion(Int)
    /// The line has no `kind`.
    case missingKind
    /// The line's `kind` is not one of the schema's.
    case unknownKind(String)

    /// A sentence for people.
    public var description: String {
      switch self {
      case .missingVersion: "no \"version\" field"
      case .olderFormat:
        "an old ChainKit trace line ({\"dispatch\":{\"_0\":…}}); this reader reads schema version \(TraceLine.schemaVersion)"
      case .unsupportedVersion(let version):
        "schema version \(version) is not supported (this reader reads version \(TraceLine.schemaVersion))"
      case .missingKind: "no \"kind\" field"
      case .unknownKind(let kind):
        "unknown kind \"\(kind)\" (known: \(TraceLine.kinds.joined(separator: ", ")))"
      }
    }
  }

  /// The line's number, counting from 1.
  public let line: Int
  /// Why it did not decode: a ``Problem``, or the decoder's `DecodingError`.
  public let underlying: any Error

  /// Creates the error of line `line`.
  ///
  /// - Parameters:
  ///   - line: The line's number, counting from 1.
  ///   - underlying: Why it did not decode.
  public init(line: Int, underlying: any Error) {
    self.line = line
    self.underlying = underlying
  }

  /// `trace line N is not a record: reason`.
  public var description: String {
    "trace line \(line) is not a record: \(Self.reason(underlying))"
  }

  /// A short reason for `error`, without the decoder's coding path noise.
  static func reason(_ error: any Error) -> String {
    switch error {
    case let problem as Problem: return problem.description
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not JSON"
    case DecodingError.dataCorrupted(let context):
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "field \"\(field)\": \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, _): return "missing field \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty:
      return "not a JSON object"
    case DecodingError.typeMismatch(let type, let context):
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "field \"\(field)\" is not \(type)"
    case DecodingError.valueNotFound(_, let context):
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "field \"\(field)\" is null"
    default: return "\(error)"
    }
  }
}
