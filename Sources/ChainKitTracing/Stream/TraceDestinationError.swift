import ChainKit

/// Why a trace cannot be written where it was asked to go, in words for people.
///
/// ``TraceStream`` and ``JSONLinesTraceWriter`` throw it at start, for a destination that can
/// never work: a directory, a path that exists and is not a socket, a file that cannot be
/// created.
public struct TraceDestinationError: Error, Equatable, CustomStringConvertible {
  /// The sentence, naming the path and what is wrong with it.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
