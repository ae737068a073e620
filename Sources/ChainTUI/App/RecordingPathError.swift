/// A `--record` path that cannot be written, said plainly: the path and what is wrong with it.
package struct RecordingPathError: Error, Equatable, CustomStringConvertible {
  /// The sentence, naming the path and what is wrong with it.
  package let description: String

  init(_ description: String) {
    self.description = description
  }
}
