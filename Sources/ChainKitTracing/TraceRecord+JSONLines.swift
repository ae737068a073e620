import ChainKit
public import Foundation

extension TraceRecord {
  /// Decodes the records of a JSON Lines trace, one per non-empty line, in order; the stream's
  /// own lines (`session`, `dropped`) are skipped.
  ///
  /// - Parameter data: What a ``JSONLinesTraceWriter`` or ``TraceStream`` wrote.
  /// - Returns: The records.
  /// - Throws: ``TraceDecodingError`` naming the first line that is not a record.
  public static func decodeJSONLines(_ data: Data) throws -> [TraceRecord] {
    try TraceLine.decodeJSONLines(data).compactMap(\.record)
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

extension TraceLine {
  /// Decodes the lines of a JSON Lines trace, skipping blank ones.
  ///
  /// - Parameter data: What a ``JSONLinesTraceWriter`` or ``TraceStream`` wrote.
  /// - Returns: The lines, in order.
  /// - Throws: ``TraceDecodingError`` naming the first line that is not one of the schema.
  public static func decodeJSONLines(_ data: Data) throws -> [TraceLine] {
    let decoder = JSONDecoder()
    var lines: [TraceLine] = []
    var lineNumber = 0
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
      do {
        lines.append(try decoder.decode(TraceLine.self, from: Data(line)))
      } catch {
        throw TraceDecodingError(line: lineNumber, underlying: error)
      }
    }
    return lines
  }

  /// Decodes one line of the schema.
  ///
  /// - Parameter line: One JSON object, without its newline.
  /// - Returns: The line.
  /// - Throws: ``TraceDecodingError/Problem`` or `DecodingError`: what is wrong with it.
  public static func decode(_ line: Data) throws -> TraceLine {
    try JSONDecoder().decode(TraceLine.self, from: line)
  }
}
