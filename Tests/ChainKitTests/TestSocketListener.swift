import ChainKitTracing
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A Unix domain socket a test listens on, to read what a ``TraceStream`` sends.
final class TestSocketListener {
  let path: String
  private let fd: Int32
  private var client: Int32 = -1
  private var pending: [UInt8] = []

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-\(UUID().uuidString.prefix(8)).sock").path
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(fd, 4) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  deinit {
    disconnect()
    close(fd)
    unlink(path)
  }

  /// Accepts the next connection, waiting for it at most `tries` polls of 10 ms each (a count
  /// of tries, not a deadline; the default is generous for a writer thread a loaded machine runs
  /// late, and costs nothing when the connection comes); returns whether one came.
  @discardableResult
  func accept(tries: Int = 30_000) -> Bool {
    pending = []
    guard Self.poll(fd, tries: tries) else { return false }
    client = Glibc.accept(fd, nil, nil)
    return client >= 0
  }

  /// Reads until `count` complete lines arrived, the writer closed, or `tries` polls of 10 ms
  /// each found nothing new to read; returns the lines read, so a line that never comes makes
  /// the caller's count check fail instead of waiting forever.
  func readLines(_ count: Int, tries: Int = 30_000) -> [String] {
    var lines: [String] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while lines.count < count {
      if let newline = pending.firstIndex(of: 0x0A) {
        lines.append(String(decoding: pending[..<newline], as: UTF8.self))
        pending.removeSubrange(...newline)
        continue
      }
      guard client >= 0, Self.poll(client, tries: tries) else { break }
      let read = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, 4096, 0) }
      if read <= 0 { break }
      pending += chunk[..<read]
    }
    return lines
  }

  /// Whether `descriptor` became readable within `tries` polls of 10 ms each.
  private static func poll(_ descriptor: Int32, tries: Int) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    for _ in 0..<tries {
      let ready = Glibc.poll(&entry, 1, 10)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return false }
    }
    return false
  }

  /// Closes the accepted connection, as a reader that goes away.
  func disconnect() {
    if client >= 0 { close(client) }
    client = -1
  }
}
