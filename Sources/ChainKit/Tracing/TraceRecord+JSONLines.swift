public import Foundation

extension TraceRecord {
  /// Decodes the records of a JSON Lines trace, one per non-empty line, in order.
  ///
  /// - Parameter data: What a ``JSONLinesTraceWriter`` wrote.
  /// - Returns: The records.
  /// - Throws: ``TraceDecodingError`` naming the first line that is not a record.
  public static func decodeJSONLines(_ data: Data) throws -> [TraceRecord] {
    let decoder = JSONDecoder()
    var records: [TraceRecord] = []
    var lineNumber = 0
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
      do {
        records.append(try decoder.decode(TraceRecord.self, from: Data(line)))
      } catch {
        throw TraceDecodingError(line: lineNumber, underlying: error)
      }
    }
    return records
  }

  /// Decodes the records of a JSON Lines trace held in a string.
  ///
  /// - Parameter text: One JSON record per line.
  /// - Returns: The records.
  /// - Throws: ``TraceDecodingError`` naming the first line that is not a record.
  public static func decodeJSONLines(_ text: String) throws -> [TraceRecord] {
    try decodeJSONLines(Data(text.utf8))
  }
}

/// A line of a JSON Lines trace that does not decode as a ``TraceRecord``.
public struct TraceDecodingError: Error, CustomStringConvertible {
  /// The line's number, counting from 1.
  public let line: Int
  /// Why it did not decode.
  public let underlying: any Error

  /// `line N: reason`.
  public var description: String { "trace line \(line) is not a record: \(underlying)" }
}
