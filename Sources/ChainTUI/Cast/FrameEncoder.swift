/// Turns the frames the app presents into the bytes a VT100-compatible terminal draws them
/// from: what an asciicast's output events carry.
///
/// Only the rows that changed since the previous frame are written, each whole: the cursor goes
/// to the row's start, every cell follows with an SGR sequence wherever the style changes, and
/// the attributes are reset at its end. The first frame, and the first after a size change,
/// clears the screen and writes every row. The sequences are the common subset every player
/// knows: cursor position (CUP), erase display (ED 2), SGR with the eight ANSI colours, and
/// hiding the cursor.
struct FrameEncoder {
  private var previous: Grid?

  /// The bytes that turn the screen left by the previous frame into `grid`.
  mutating func output(for grid: Grid) -> String {
    var text = ""
    let old = previous.flatMap { $0.size == grid.size ? $0 : nil }
    if old == nil { text += "\u{1B}[?25l\u{1B}[0m\u{1B}[2J" }
    for y in 0..<grid.height where old.map({ !Self.row(y, of: $0, equals: grid) }) ?? true {
      text += "\u{1B}[\(y + 1);1H"
      var style = Style.plain
      text += Self.sgr(style)
      for x in 0..<grid.width {
        guard let cell = grid.cell(at: Point(x: x, y: y)), !cell.isContinuation else { continue }
        if cell.style != style {
          style = cell.style
          text += Self.sgr(style)
        }
        text.append(cell.character)
      }
      text += "\u{1B}[0m"
    }
    previous = grid
    return text
  }

  private static func row(_ y: Int, of old: Grid, equals new: Grid) -> Bool {
    (0..<new.width).allSatisfy {
      old.cell(at: Point(x: $0, y: y)) == new.cell(at: Point(x: $0, y: y))
    }
  }

  /// `ESC [ 0 ; ... m`: a reset, then the style's attributes and colours.
  static func sgr(_ style: Style) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    if style.foreground != .default { codes.append("\(29 + style.foreground.rawValue)") }
    if style.background != .default { codes.append("\(39 + style.background.rawValue)") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
