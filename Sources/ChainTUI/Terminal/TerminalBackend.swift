/// Where the app's frames go and its keys come from: a real terminal or a headless test double.
///
/// The contract every conformer keeps, so that the app cannot tell them apart:
/// - `size` is the size the next frame should have; after it changes, `nextKey` delivers
///   `Key.resize` with the new size before any later key.
/// - `present` shows a whole frame; presenting the same grid twice changes nothing on screen.
/// - `nextKey` never blocks longer than `timeout`; `nil` means no input arrived in that time.
///   It throws only when input can never arrive again (input closed), so the loop can stop.
@MainActor
package protocol TerminalBackend: AnyObject {
  /// The current size in cells.
  var size: Size { get }

  /// Shows a frame.
  func present(_ grid: Grid)

  /// The next input event, or `nil` when none arrives within `timeout`.
  func nextKey(timeout: Duration) throws -> Key?
}
