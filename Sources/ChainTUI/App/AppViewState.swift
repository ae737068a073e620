/// How the explorer shows its model: the screen, the scene on screen, focus, the modes open,
/// the inspector's state, and the display switches.
///
/// Everything a key changes about the screen but not about the scenes lives here; together with
/// the panel tree it decides the layout (``ScreenLayout``).
struct AppViewState {
  /// The screen size the app lays out for.
  var size: Size
  /// Whether colours are drawn (a script's `svg` line turns them on for one frame).
  var colors: Bool
  /// The folder Ctrl-X saves its SVG picture in; `nil` where nobody asked for pictures.
  var screenshotFolder: String?
  /// The index of the scene on screen.
  var sceneIndex = 0
  /// The focused panel's name in each scene.
  var focusedNames: [String?]
  /// Per scene, the focused panel's index among the focus stops when it was chosen: where focus
  /// goes if that panel leaves the scene (a removed subscriber's neighbour, not the first panel).
  var focusedIndexes: [Int] = []
  /// The modes open: replay, zoom, inspector, why, filter, text field, help.
  var modes = ExplorerModes()
  /// The status line's word on the last key, when it did nothing or met a limit; cleared by the
  /// next key.
  var flash: String?
  /// The inspector's state for the scene on screen.
  var inspector = Inspector()
  /// The inspector's state of each scene not on screen, by scene index: a selection (a record
  /// number of that scene), a filter or a pause means nothing in another scene.
  var parkedInspectors: [Int: Inspector] = [:]
  /// Whether the inspector draws measured wall-clock timings.
  var showsTimings = true
  /// Whether log lines start with their time on the app's clock (`t`).
  var showsTimestamps = false
  /// Whether the user asked to quit.
  var isFinished = false
}
