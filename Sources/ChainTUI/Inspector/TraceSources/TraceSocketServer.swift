import ChainKit

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
        SystemCalls.close(probe)
        throw InspectError("\(path): another reader already listens on this socket")
      }
      SystemCalls.unlink(path)
    default:
      throw InspectError("\(path): exists and is not a socket; refusing to replace it")
    }
    let address: UnixSocketPath
    do {
      address = try UnixSocketPath(path, capacity: SystemCalls.socketPathCapacity)
    } catch {
      throw InspectError("\(path): \(error)")
    }
    let listener = SystemCalls.unixStreamSocket()
    guard listener >= 0 else {
      throw InspectError("\(path): \(SystemCalls.describe(SystemCalls.lastError))")
    }
    guard SystemCalls.bindAndListen(listener, to: address, backlog: 8) else {
      let reason = SystemCalls.describe(SystemCalls.lastError)
      SystemCalls.close(listener)
      throw InspectError("\(path): cannot listen: \(reason)")
    }
    SystemCalls.setNonBlocking(listener, true)
    self.path = path
    self.listener = listener
  }

  isolated deinit {
    for client in clients { SystemCalls.close(client.fd) }
    SystemCalls.close(listener)
    SystemCalls.unlink(path)
  }

  /// Whether a program is connected now.
  package var isConnected: Bool { !clients.isEmpty }

  package func poll(into inspector: TraceInspector) -> Bool {
    while true {
      let accepted = SystemCalls.accept(listener)
      guard accepted >= 0 else { break }
      SystemCalls.setNonBlocking(accepted, true)
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
        let count = chunk.withUnsafeMutableBytes { SystemCalls.receive(fd, into: $0) }
        if count > 0 {
          inspector.feed(chunk[..<count], stream: stream)
          total += count
          continue
        }
        let error = count < 0 ? SystemCalls.lastError : 0
        if count < 0, SystemCalls.isInterrupted(error) { continue }
        if count < 0, SystemCalls.wouldBlock(error) { break }
        // 0: the program closed its end; an error: the connection is gone either way.
        open = false
        break
      }
      arrived = arrived || total > 0
      if open {
        index += 1
      } else {
        SystemCalls.close(fd)
        clients.remove(at: index)
        inspector.endOfStream("the program disconnected", stream: stream)
        arrived = true
      }
    }
    return arrived
  }

  /// Traps if an invariant above does not hold.
  package func checkInvariants() {
    precondition(SystemCalls.isNonBlocking(listener), "the listener blocks")
    for client in clients {
      precondition(SystemCalls.isNonBlocking(client.fd), "a connection blocks")
    }
  }

  /// A connection to `path`, if something listens there.
  private static func connect(_ path: String) -> Int32? {
    guard let address = try? UnixSocketPath(path, capacity: SystemCalls.socketPathCapacity)
    else { return nil }
    let fd = SystemCalls.unixStreamSocket()
    guard fd >= 0 else { return nil }
    if SystemCalls.connect(fd, to: address) { return fd }
    SystemCalls.close(fd)
    return nil
  }
}
