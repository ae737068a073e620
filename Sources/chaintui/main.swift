// A placeholder demo until the explorer lands: it proves the terminal layer end to end (open,
// draw, resize, quit, restore) and fails clearly where a terminal cannot be used.
import ChainTUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Draws the demo screen at a size: a titled box with a hint inside.
@MainActor
func render(_ size: Size) -> Grid {
  var grid = Grid(size: size)
  grid.drawBox(grid.bounds, title: "ChainTUI", style: Style(foreground: .cyan))
  let inside = grid.bounds.inset(by: 1)
  grid.put("q quits", at: inside.origin, style: Style(bold: true), maxWidth: inside.width)
  grid.put(
    "\(size.width)x\(size.height)", at: Point(x: inside.x, y: inside.y + 1),
    style: Style(dim: true),
    maxWidth: inside.width)
  return grid
}

/// Writes a message to standard error (the Glibc `stderr` global is not concurrency-safe).
func printError(_ message: String) {
  let line = "chaintui: \(message)\n"
  _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

do {
  let terminal = try NcursesTerminal()
  defer { terminal.restore() }
  terminal.present(render(terminal.size))
  loop: while true {
    switch try terminal.nextKey(timeout: .milliseconds(250)) {
    case .character("q"), .ctrl("c"): break loop
    case .resize: terminal.present(render(terminal.size))
    default: continue
    }
  }
} catch {
  printError("\(error)")
  exit(1)
}
