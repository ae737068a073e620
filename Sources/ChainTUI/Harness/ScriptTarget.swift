import ChainKit
package import ChainKitTracing

/// What the scripted harness drives: the explorer app, seen through the same doors a terminal
/// uses (keys in, a grid out), plus the app's own state for expectations.
///
/// The app implements it; the script runner and the Swift test API in `ChainTUITesting` use
/// only this, so a script and a real terminal exercise the same code.
@MainActor
package protocol ScriptTarget: AnyObject {
  /// The screen size the app lays out for.
  var size: Size { get }
  /// Delivers a key exactly as the terminal loop would.
  func press(_ key: Key)
  /// Delivers the keys that bytes from a real terminal make, decoded as the terminal loop
  /// decodes them; an unfinished sequence at the end is ended as after the terminal's wait.
  func feed(bytes: [UInt8])
  /// Changes the screen size, as a terminal resize would (the app re-lays out).
  func resize(to size: Size)
  /// Advances the app's virtual clock, firing any timers due (the bus scene's producer).
  func advance(by duration: Duration)
  /// Renders the current screen.
  func render() -> Grid
  /// Moves focus to the panel with this name; `false` if no focusable panel has it.
  func focus(panelNamed name: String) -> Bool
  /// The lines of a panel's log pane, oldest first; `nil` if there is no such panel.
  func log(ofPanel name: String) -> [String]?
  /// The dispatch records the app's tracer has seen so far, oldest first.
  var dispatches: [DispatchRecord] { get }
  /// The highest id among ``dispatches``, `nil` when there are none.
  var highestDispatchID: UInt64? { get }
  /// Whether the app asked to quit.
  var isFinished: Bool { get }
  /// The names of the panels of the scene on screen, and of those focus can stop at, for
  /// messages about a name that is not one of them.
  var panelNames: (all: [String], focusable: [String]) { get }
  /// Why each listener of a panel ran or not for a dispatch: the newest kept one that `dispatch`
  /// matches, or else the selected (or newest) one; `nil` if there is no such panel or dispatch.
  func why(ofPanel name: String, dispatch: EventPattern?) -> [String]?
  /// The screen on show as a colour terminal draws it: what a script's `svg` line saves.
  func screenshot() -> Grid
  /// Records every frame from now on as an asciicast v2 file at `path` (a script's `cast`).
  ///
  /// - Throws: ``RecordingPathError`` when the file cannot be written, or the target has no
  ///   frames to record.
  func startCast(path: String) throws(RecordingPathError)
}

extension ScriptTarget {
  /// Decodes the bytes and presses each key: a target without a terminal of its own.
  package func feed(bytes: [UInt8]) {
    var decoder = KeyDecoder()
    (decoder.decode(bytes) + decoder.flush()).forEach(press)
  }

  /// The screen as rendered: a target without colours of its own.
  package func screenshot() -> Grid { render() }

  /// Refuses: a target without a run loop presents no frames to record.
  package func startCast(path: String) throws(RecordingPathError) {
    throw RecordingPathError("cannot record the cast to \(path): this target presents no frames")
  }

  /// Scans ``dispatches``; the app keeps the answer instead.
  package var highestDispatchID: UInt64? { dispatches.lazy.map(\.id).max() }

  /// No names to list: a target that does not know its panels.
  package var panelNames: (all: [String], focusable: [String]) { ([], []) }

  /// "there is no panel named 'x'; the panels are: a, b": what a mistyped name is told.
  package func unknownPanel(_ name: String, focusable: Bool = false) -> String {
    let names = focusable ? panelNames.focusable : panelNames.all
    let kind = focusable ? "focusable panel" : "panel"
    guard !names.isEmpty else { return "there is no \(kind) named '\(name)'" }
    return "there is no \(kind) named '\(name)'; the \(kind)s are: "
      + names.joined(separator: ", ")
  }
}
