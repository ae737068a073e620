/// Where everything goes on screen for one state of the app: the tab and status rows, each
/// tab's columns, the scene's panels and the inspector's area.
///
/// It is a value worked out from the state that decides geometry (its ``Inputs`` and the panel
/// tree), made once when that state changes and kept in ``AppCaches``; drawing, hit-testing and
/// the arrow keys all read it, so none of them has to draw a frame to learn where things are.
@MainActor
struct ScreenLayout {
  /// What a layout was made from besides the panels' own generation-counted properties; a
  /// layout holds while these are the same and the logs it watches hold (``PanelLayout``).
  struct Inputs: Equatable {
    var size: Size
    var sceneIndex: Int
    /// The scene on screen, its root and its detached subtrees, by identity.
    var scene: ObjectIdentifier
    var root: ObjectIdentifier
    var detached: [ObjectIdentifier]
    /// The focused panel: its branch is collapsed last, its box drawn as focused.
    var focused: ObjectIdentifier?
    /// The zoomed panel, which takes the whole scene area.
    var zoomed: ObjectIdentifier?
    /// Whether the inspector takes part of the screen.
    var showsInspector: Bool
    /// Whether the inspector takes the whole scene area instead of sitting beside the panels.
    var inspectorFillsScreen: Bool
    /// ``Panel/layoutGeneration``: any panel's tree, title, sizes or body count.
    var panels: Int
    /// ``AppModel/tabsGeneration``: scenes added or retitled.
    var tabs: Int
  }

  /// What the layout was made from.
  let inputs: Inputs
  /// The layout's number among those the app made (``AppCaches/layoutsMade``): a frame drawn
  /// for another number has its panels elsewhere.
  var serial = 0
  /// Whether the screen is below ``App/minimumSize``: then nothing else is laid out.
  var isTooSmall = false
  /// The top row, with the tabs.
  var tabRow = Rect(x: 0, y: 0, width: 0, height: 0)
  /// The bottom row, with the focused panel's path and keys.
  var statusRow = Rect(x: 0, y: 0, width: 0, height: 0)
  /// Where the scene's panels go; empty when the inspector covers it.
  var sceneArea = Rect(x: 0, y: 0, width: 0, height: 0)
  /// Where the inspector goes, when it is shown.
  var inspectorArea: Rect?
  /// The column range of each tab on the top row, by scene index.
  var tabs: [(columns: Range<Int>, scene: Int)] = []
  /// The scene's panels.
  var panels = PanelLayout()

  /// Whether this layout is still the one for a state with these inputs.
  func holds(for inputs: Inputs) -> Bool {
    self.inputs == inputs && panels.logsHold
  }
}
