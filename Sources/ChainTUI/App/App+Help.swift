/// The help overlay's state: what it shows and how far it is scrolled.
extension App {
  /// The help for the scene on screen and the focused panel, at its scroll position.
  func helpOverlay(theme: Theme) -> HelpOverlay {
    HelpOverlay(
      theme: theme, scene: scene, keys: focusedPanel?.keys ?? [], sceneCount: scenes.count,
      scroll: helpScroll)
  }

  /// Scrolls the help by a key; `false` when the key is not a scrolling one.
  ///
  /// It stops at the ends, so no key scrolls it past its last line.
  func scrollHelp(_ key: Key) -> Bool {
    let page = max(1, size.height - 6)
    let delta: Int
    switch key {
    case .up: delta = -1
    case .down: delta = 1
    case .pageUp: delta = -page
    case .pageDown: delta = page
    case .home: delta = -Int(Int32.max)
    case .end: delta = Int(Int32.max)
    default: return false
    }
    let count = helpOverlay(theme: Theme(colors: false)).lines().count
    let maximum = HelpOverlay.maximumScroll(lineCount: count, gridHeight: size.height)
    helpScroll = min(max(0, helpScroll + delta), maximum)
    return true
  }
}
