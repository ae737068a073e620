/// A terminal that also hands every frame it shows to an asciicast: `chaintui --cast FILE`.
///
/// It sits between the run loop and the real terminal, so the cast holds exactly the frames the
/// user saw, at the times the loop presented them; keys pass through untouched.
@MainActor
final class CastingTerminal: TerminalBackend {
  private let base: any TerminalBackend
  private let cast: AsciicastWriter

  /// Wraps a terminal; frames go to both.
  init(_ base: any TerminalBackend, recordingTo cast: AsciicastWriter) {
    self.base = base
    self.cast = cast
  }

  var size: Size { base.size }

  func present(_ grid: Grid) {
    base.present(grid)
    cast.frame(grid)
  }

  func nextKey(timeout: Duration) throws -> Key? {
    try base.nextKey(timeout: timeout)
  }
}
