/// Why a ``HeadlessSession`` call failed: an unknown scene or panel, or a script's syntax error
/// or failed step, worded for a test log.
public struct HeadlessSessionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The whole message; for a failed script step it includes `file:line` and the screen.
  public let message: String

  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
