package import ChainKit
package import Foundation

/// Writes dispatch records as JSON Lines, one `TraceRecord.dispatch` per line, so the file reads
/// back with `TraceRecord.decodeJSONLines` like one written by `JSONLinesTraceWriter`.
package enum ScriptTraceFile {
  /// Writes (or replaces) a trace file.
  ///
  /// - Throws: The encoding or file error.
  package static func write(_ records: [DispatchRecord], to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Data()
    for record in records {
      data.append(try encoder.encode(TraceRecord.dispatch(record)))
      data.append(0x0A)
    }
    try data.write(to: url, options: .atomic)
  }
}
