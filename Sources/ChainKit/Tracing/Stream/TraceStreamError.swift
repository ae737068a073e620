/// Why a ``TraceStream`` could not start, in words for people.
public struct TraceStreamError: Error, Equatable, CustomStringConvertible {
  /// The sentence, naming the path and what is wrong with it.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
