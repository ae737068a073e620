/// One row of the command palette: a panel, a scene, a command or an inspector record, with the
/// key that does the same without the palette.
struct PaletteItem: Equatable, Sendable {
  /// What choosing the row does.
  enum Action: Equatable, Sendable {
    /// Shows the scene at this tab index and focuses the panel with this name in it.
    case panel(scene: Int, name: String)
    /// Shows the scene at this tab index.
    case scene(Int)
    /// Does what pressing the key does.
    case key(Key)
    /// Opens the inspector if it is closed, then does what the key does in it.
    case inspector(Key)
    /// Opens the inspector on the record with this number.
    case record(UInt64)
  }

  /// The row's kind as the palette shows it: "panel", "scene", "key", "command" or "record".
  let kind: String
  /// What the row names: a panel's title and name, a scene's title, what a command does.
  let label: String
  /// The key that does the same, as the help names it; empty when there is none.
  let key: String
  /// The text a query is matched against: the label, and for a panel its scene's title.
  let text: String
  /// What choosing it does.
  let action: Action
}
