/// A Unix domain socket's path as `sockaddr_un.sun_path` holds it: the path's bytes and a
/// closing NUL, checked to fit.
///
/// Plain Swift, so that the rules every platform shares (the capacity differs: 108 bytes on
/// Linux, 104 on Darwin) are tested wherever the tests run; ``SystemCalls`` copies the bytes
/// into the platform's `sockaddr_un`.
package struct UnixSocketPath: Equatable, Sendable {
  /// Why a path cannot name a Unix domain socket.
  package enum Problem: Error, Equatable, CustomStringConvertible {
    case empty
    /// The path and its NUL need more than `capacity` bytes.
    case tooLong(bytes: Int, capacity: Int)
    /// A NUL inside the path would cut it short silently.
    case containsNUL

    package var description: String {
      switch self {
      case .empty: "the socket path is empty"
      case .tooLong(let bytes, let capacity):
        "the socket path is too long (\(bytes) bytes; at most \(capacity - 1) fit)"
      case .containsNUL: "the socket path contains a NUL byte"
      }
    }
  }

  /// The path's UTF-8 bytes followed by one NUL.
  package let bytes: [UInt8]

  /// Packs `path` for a `sun_path` of `capacity` bytes.
  ///
  /// - Parameters:
  ///   - path: The socket's path.
  ///   - capacity: The size of the platform's `sun_path`.
  /// - Throws: ``Problem`` if the path is empty, holds a NUL, or does not fit with its NUL.
  package init(_ path: String, capacity: Int) throws(Problem) {
    let utf8 = Array(path.utf8)
    guard !utf8.isEmpty else { throw .empty }
    guard !utf8.contains(0) else { throw .containsNUL }
    guard utf8.count < capacity else { throw .tooLong(bytes: utf8.count, capacity: capacity) }
    bytes = utf8 + [0]
  }

  /// Copies the bytes to the start of `destination`, which must hold them.
  package func copy(into destination: UnsafeMutableRawBufferPointer) {
    precondition(destination.count >= bytes.count, "sun_path smaller than the checked capacity")
    destination.copyBytes(from: bytes)
  }
}

/// How a platform keeps a write to a socket whose reader left from raising SIGPIPE.
///
/// Linux and Musl flag each send (`MSG_NOSIGNAL`); Darwin has no such flag and sets
/// `SO_NOSIGPIPE` on the socket once instead. Plain Swift, so both branches are tested on Linux.
package enum BrokenPipeGuard: Equatable, Sendable {
  /// Pass this flag to every `send`.
  case sendFlag(Int32)
  /// Set `SO_NOSIGPIPE` when the socket is made; sends pass no flag.
  case socketOption

  /// The flags every `send` passes.
  package var sendFlags: Int32 {
    switch self {
    case .sendFlag(let flag): flag
    case .socketOption: 0
    }
  }

  /// Whether a new socket needs `SO_NOSIGPIPE`.
  package var setsSocketOption: Bool { self == .socketOption }
}

/// What a path is on disk.
package enum FileKind: Equatable, Sendable {
  case missing, regular, directory, socket, fifo, other

  /// The kind of `path`, following symbolic links.
  package static func of(_ path: String) -> FileKind {
    guard let mode = SystemCalls.fileMode(path) else { return .missing }
    return FileKind(mode: mode)
  }
}

extension FileKind {
  /// The kind a `st_mode` says, by the POSIX file-type bits (the same values on Linux, Musl and
  /// Darwin, whose `mode_t` is 16 bits wide; widened here).
  package init(mode: UInt32) {
    switch mode & 0o170_000 {
    case 0o100_000: self = .regular
    case 0o040_000: self = .directory
    case 0o140_000: self = .socket
    case 0o010_000: self = .fifo
    default: self = .other
    }
  }
}
