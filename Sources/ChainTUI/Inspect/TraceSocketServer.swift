import ChainKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Unix domain socket `chaintui inspect --listen` accepts traced programs on: each connection
/// is a stream of its own (and a session), so programs can come and go, and overlap.
///
/// NB: the one type of the inspector that holds sockets. Invariants, checked by
/// ``checkInvariants()``: every descriptor is non-blocking, so a poll never waits; a closed
/// connection leaves `clients` at once; the socket file is removed on `deinit`.
@MainActor
package final class TraceSocketServer: TraceSource {
  package let path: String
  private let listener: Int32
  /// The connected programs: descriptor and stream number.
  private var clients: [(fd: Int32, stream: Int)] = []
  /// How many programs connected so far.
  package private(set) var connectionCount = 0
  static let budget = 1 << 20

  /// Listens on `path`.
  ///
  /// - Throws: ``InspectError`` if the path exists and is not a socket, another inspector
  ///   listens there, or the socket cannot be made. A leftover socket nobody listens on is
  ///   replaced.
  package init(path: String) throws(InspectError) {
    switch FileKind.of(path) {
    case .missing: break
    case .socket:
      if let probe = Self.connect(path) {
        close(probe)
        throw InspectError("\(path): another reader already listens on this socket")
      }
      unlink(path)
    default:
      throw InspectError("\(path): exists and is not a socket; refusing to replace it")
    }
    guard var address = Self.address(path) else {
      throw InspectError("\(path): the socket path is too long")
    }
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw InspectError("\(path): \(String(cString: strerror(errno)))") }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(listener, 8) == 0 else {
      let reason = String(cString: strerror(errno))
      close(listener)
      throw InspectError("\(path): cannot listen: \(reason)")
    }
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    self.path = path
    self.listener = listener
  }

  isolated deinit {
    for client in clients { close(client.fd) }
    close(listener)
    unlink(path)
  }

  /// Whether a program is connected now.
  package var isConnected: Bool { !clients.isEmpty }

  package func poll(into inspector: TraceInspector) -> Bool {
    while true {
      let accepted = accept(listener, nil, nil)
      guard accepted >= 0 else { break }
      _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) | O_NONBLOCK)
      connectionCount += 1
      clients.append((accepted, connectionCount))
    }
    var arrived = false
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var index = 0
    while index < clients.count {
      let (fd, stream) = clients[index]
      var total = 0
      var open = true
      while total < Self.budget {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
          inspector.feed(chunk[..<count], stream: stream)
          total += count
          continue
        }
        if count < 0, errno == EINTR { continue }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
        // 0: the program closed its end; an error: the connection is gone either way.
        open = false
        break
      }
      arrived = arrived || total > 0
      if open {
        index += 1
      } else {
        close(fd)
        clients.remove(at: index)
        inspector.endOfStream("the program disconnected", stream: stream)
        arrived = true
      }
    }
    return arrived
  }

  /// Traps if an invariant above does not hold.
  package func checkInvariants() {
    precondition(fcntl(listener, F_GETFL) & O_NONBLOCK != 0, "the listener blocks")
    for client in clients {
      precondition(fcntl(client.fd, F_GETFL) & O_NONBLOCK != 0, "a connection blocks")
    }
  }

  private static func address(_ path: String) -> sockaddr_un? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return address
  }

  /// A connection to `path`, if something listens there.
  private static func connect(_ path: String) -> Int32? {
    guard var address = address(path) else { return nil }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if connected == 0 { return fd }
    close(fd)
    return nil
  }
}
