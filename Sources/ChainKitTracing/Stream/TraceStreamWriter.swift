import ChainKit
import Foundation

/// The loop of a ``TraceStream``'s own thread: takes lines from the buffer, encodes them and
/// writes them; a reader that is gone turns lines into counted drops.
final class TraceStreamWriter: Sendable {
  private let output: TraceOutput
  private let buffer: TraceStreamBuffer
  private let session: TraceSession
  /// The stream's start, so that its own lines' times count from the same point as records'.
  private let start: UInt64

  init(output: TraceOutput, buffer: TraceStreamBuffer, session: TraceSession, start: UInt64) {
    self.output = output
    self.buffer = buffer
    self.session = session
    self.start = start
  }

  func run() {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var openedCount = 0
    while true {
      let (lines, unreported, closed) = buffer.take()
      if !lines.isEmpty || unreported > 0, output.reopenIfDue() {
        var bytes: [UInt8] = []
        var count = 0
        let time = TraceClock.now() &- start
        if output.openCount != openedCount {
          openedCount = output.openCount
          buffer.connected()
          append(TraceLine(time: time, scope: "", .session(session)), to: &bytes, encoder)
          count += 1
        }
        if unreported > 0 {
          append(TraceLine(time: time, scope: "", .dropped(count: unreported)), to: &bytes, encoder)
          count += 1
        }
        var records = 0
        for line in lines where append(line, to: &bytes, encoder) { records += 1 }
        if output.write(bytes) {
          buffer.wrote(count + records, records: records, reportedDrops: unreported)
        } else {
          buffer.dropped(lines.count)
          // The drops already counted were not reported after all: report them again.
          buffer.requeueUnreported(unreported)
        }
      } else {
        buffer.dropped(lines.count)
        buffer.requeueUnreported(unreported)
      }
      output.checkInvariants()
      if closed { break }
    }
    output.close()
  }

  /// Appends `line` and a newline; false if it could not be encoded.
  @discardableResult
  private func append(_ line: TraceLine, to bytes: inout [UInt8], _ encoder: JSONEncoder) -> Bool {
    guard let data = try? encoder.encode(line) else { return false }
    bytes.append(contentsOf: data)
    bytes.append(0x0A)
    return true
  }
}
