import ChainKit
import Foundation

/// A trace file, read once to its end or, with `follow`, read as it grows (`tail -f`).
///
/// A followed file that shrinks was rewritten, and is read again from its start as a new
/// session. A named pipe is read as it comes, whatever `follow` says.
///
/// NB: holds a file descriptor; it is the only user of it, and closes it in `deinit`.
@MainActor
package final class TraceFileSource: TraceSource {
  package let path: String
  package let follow: Bool
  private let fd: Int32
  private var offset: Int64 = 0
  private var ended = false
  /// The most bytes one poll reads.
  static let budget = 1 << 20

  /// Opens the file.
  ///
  /// - Throws: ``InspectError`` if it is missing, a directory or a socket, or unreadable.
  package init(path: String, follow: Bool) throws(InspectError) {
    switch FileKind.of(path) {
    case .missing: throw InspectError("\(path): no such file")
    case .directory: throw InspectError("\(path): is a directory, not a trace file")
    case .socket: throw InspectError("\(path): is a socket; use --listen to accept a stream on it")
    default: break
    }
    // NB: non-blocking, so that opening a named pipe does not wait for its writer; a pipe is
    // always followed, since it reads as ended whenever no writer has it open.
    let isPipe = FileKind.of(path) == .fifo
    let fd = SystemCalls.openForReading(path)
    guard fd >= 0 else {
      throw InspectError("\(path): \(SystemCalls.describe(SystemCalls.lastError))")
    }
    self.path = path
    self.follow = follow || isPipe
    self.fd = fd
  }

  isolated deinit { SystemCalls.close(fd) }

  package func poll(into inspector: TraceInspector) -> Bool {
    guard !ended else { return false }
    if follow, let size = SystemCalls.fileSize(fd), size < offset {
      inspector.endOfStream("the file was truncated; reading it again")
      SystemCalls.rewind(fd)
      offset = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var total = 0
    while total < Self.budget {
      let count = chunk.withUnsafeMutableBytes { SystemCalls.read(fd, into: $0) }
      if count < 0, SystemCalls.isInterrupted(SystemCalls.lastError) { continue }
      guard count > 0 else { break }
      inspector.feed(chunk[..<count])
      total += count
      offset += Int64(count)
    }
    if total == 0, !follow {
      ended = true
      inspector.endOfStream("end of \(path)")
    }
    return total > 0
  }
}

/// Why `chaintui inspect` cannot read its input, in words for people.
package struct InspectError: Error, Equatable, CustomStringConvertible {
  package let description: String

  package init(_ description: String) {
    self.description = description
  }
}
