/// Why the explorer could not run or stopped: no scene, a duplicate scene id, a file that cannot
/// be written, no usable terminal, or terminal input that closed.
public struct ExplorerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, worded for the person who started the explorer.
  public let message: String

  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
