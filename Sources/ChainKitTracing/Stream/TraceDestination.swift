import ChainKit

/// Where a ``TraceStream`` sends its lines.
public enum TraceDestination: Sendable, Equatable, CustomStringConvertible {
  /// A regular file, created or truncated.
  case file(String)
  /// A named pipe (FIFO) that already exists; lines are dropped while no reader has it open.
  case pipe(String)
  /// A Unix domain stream socket someone listens on (`chaintui inspect --listen PATH`); the
  /// stream connects, and connects again when the listener comes back.
  case socket(String)

  /// Reads a destination as `CHAINKIT_TRACE` spells it.
  ///
  /// `unix:PATH` is a socket, `fifo:PATH` a named pipe and `file:PATH` a file. A bare path is
  /// what it is: an existing socket or named pipe; a missing path ending in `.sock` is a socket
  /// (whose listener may start later); anything else is a file.
  ///
  /// - Parameter spec: The text, such as `/tmp/chain.sock` or `unix:/tmp/chain.sock`.
  public init(parsing spec: String) {
    if spec.hasPrefix("unix:") {
      self = .socket(String(spec.dropFirst(5)))
    } else if spec.hasPrefix("fifo:") {
      self = .pipe(String(spec.dropFirst(5)))
    } else if spec.hasPrefix("file:") {
      self = .file(String(spec.dropFirst(5)))
    } else {
      switch FileKind.of(spec) {
      case .socket: self = .socket(spec)
      case .fifo: self = .pipe(spec)
      case .missing where spec.hasSuffix(".sock"): self = .socket(spec)
      default: self = .file(spec)
      }
    }
  }

  /// The path.
  public var path: String {
    switch self {
    case .file(let path), .pipe(let path), .socket(let path): path
    }
  }

  /// `file /tmp/x`, `pipe /tmp/x`, `socket /tmp/x`.
  public var description: String {
    switch self {
    case .file(let path): "file \(path)"
    case .pipe(let path): "pipe \(path)"
    case .socket(let path): "socket \(path)"
    }
  }
}
