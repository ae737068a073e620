import Foundation

/// Ctrl-X: the screen as an SVG picture (``SVGScreenshot``), saved in ``screenshotFolder``.
extension App {
  /// The most numbered names Ctrl-X tries before it says the folder is full of them.
  static let screenshotNameLimit = 10_000

  /// Saves the screen on show as `chaintui-N.svg`, N the first number whose file does not exist,
  /// and says where in the status line; a folder that cannot be written is said there too, in
  /// the file system's words, and the explorer goes on.
  func saveScreenshot() {
    guard let folder = screenshotFolder else {
      flash = "Ctrl-X: no folder to save the screen in here (a script saves it with 'svg FILE')"
      return
    }
    let grid = render()
    guard
      let path = (1...Self.screenshotNameLimit).lazy
        .map({ "\(folder)/chaintui-\($0).svg" })
        .first(where: { !FileManager.default.fileExists(atPath: $0) })
    else {
      flash =
        "Ctrl-X: \(folder) already holds chaintui-1.svg to"
        + " chaintui-\(Self.screenshotNameLimit).svg"
      return
    }
    do {
      try SVGScreenshot.write(grid, to: path)
      flash = "Ctrl-X: saved the screen as \(path)"
    } catch {
      flash = "Ctrl-X: \(error)"
    }
  }

  /// The screen on show as a colour terminal draws it, whatever this app's colours: what a
  /// script's `svg` line saves, since scripts run without colours (their checks read text).
  package func renderInColor() -> Grid {
    guard !colors else { return render() }
    // NB: the cached bars were drawn in the other theme.
    colors = true
    caches.chrome = ChromeCache()
    defer {
      colors = false
      caches.chrome = ChromeCache()
    }
    return render()
  }
}
