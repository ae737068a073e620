import ChainKit
import Foundation

/// Writes the frames of a session as an asciicast v2 file, which asciinema plays: a JSON header
/// (`version`, `width`, `height`, and a `timestamp` when one is given), then one
/// `[time, "o", "bytes"]` event per presented frame that changed the screen, and a
/// `[time, "r", "WxH"]` event before the first frame of a new size.
///
/// Times are seconds since the recording began, read from the run loop's clock: the system
/// clock in the explorer, the harness's hand-moved clock in a script, so a script's cast is the
/// same on every run. Each event is written as it happens, so a session that ends in a crash
/// keeps what it showed up to then. A write that fails stops the recording; ``failure`` says
/// why, and the explorer reports it once the terminal is restored.
@MainActor
package final class AsciicastWriter {
  private let handle: FileHandle
  private let clock: any LoopClock
  private let start: Duration
  private var encoder = FrameEncoder()
  /// The size of the latest frame; `nil` before the first, when the header is still to write.
  private var size: Size?
  private let timestamp: Int?
  /// Why the recording stopped, or `nil` while it goes on.
  package private(set) var failure: String?
  private let path: String

  /// Creates (or truncates) the file; the header is written with the first frame, whose size
  /// it gives, so that the file can be opened (and a bad path refused) before the terminal is.
  ///
  /// - Parameters:
  ///   - path: The file to write.
  ///   - clock: Where event times are read (time zero is now).
  ///   - timestamp: The Unix time the recording began, for the header; `nil` leaves it out
  ///     (a script's cast, which must not change from run to run).
  /// - Throws: ``RecordingPathError`` naming the path and what is wrong with it.
  package init(path: String, clock: any LoopClock, timestamp: Int? = nil)
    throws(RecordingPathError)
  {
    if FileKind.of(path) == .directory {
      throw RecordingPathError("cannot record the cast to \(path): it is a directory")
    }
    let fd = SystemCalls.create(path, appending: false)
    guard fd >= 0 else {
      throw RecordingPathError(
        "cannot record the cast to \(path): \(SystemCalls.describe(SystemCalls.lastError))")
    }
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    self.clock = clock
    self.path = path
    self.timestamp = timestamp
    start = clock.now
  }

  /// Records a presented frame: a resize event first when its size changed, then the bytes
  /// that draw it; nothing when it equals the previous frame.
  package func frame(_ grid: Grid) {
    let time = Self.seconds(clock.now - start)
    if size == nil {
      var header = "{\"version\": 2, \"width\": \(grid.width), \"height\": \(grid.height)"
      if let timestamp { header += ", \"timestamp\": \(timestamp)" }
      write(header + ", \"env\": {\"TERM\": \"xterm-256color\"}}")
    } else if grid.size != size {
      write("[\(time), \"r\", \"\(grid.width)x\(grid.height)\"]")
    }
    size = grid.size
    let output = encoder.output(for: grid)
    guard !output.isEmpty else { return }
    write("[\(time), \"o\", \(Self.json(output))]")
  }

  private func write(_ line: String) {
    guard failure == nil else { return }
    do {
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      failure = "the cast \(path) stopped: \(error.localizedDescription)"
    }
  }

  /// Seconds with six decimals (microseconds), as asciinema writes them.
  static func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    let micros = attoseconds / 1_000_000_000_000
    let fraction = String(micros)
    return "\(whole)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
