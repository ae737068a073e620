/// One column of one row of a ``Grid``: a character and its style.
///
/// A wide glyph (CJK, emoji) occupies two cells: the leading cell holds the character and the cell
/// to its right is a continuation cell, which holds no character of its own. Keeping the
/// continuation explicit lets a renderer and a snapshot agree column for column.
public struct Cell: Sendable, Hashable {
  /// The character as a code: a scalar's value for a one-scalar character, otherwise
  /// ``ClusterTable`` offset plus an index into it.
  ///
  /// NB: a plain integer keeps the cell free of references, so a grid of 12,000 cells is
  /// copied and overwritten without a retain or release per cell.
  var code: UInt32
  /// How the character is drawn.
  public var style: Style
  /// Whether this cell is the right half of the wide glyph in the cell to its left.
  public var isContinuation: Bool

  /// The character drawn in this cell; a space for a continuation cell.
  public var character: Character {
    get { ClusterTable.character(for: code) }
    set { code = ClusterTable.code(for: newValue) }
  }

  /// Creates a cell holding one character.
  ///
  /// - Parameters:
  ///   - character: The character to draw.
  ///   - style: How to draw it.
  public init(_ character: Character, style: Style = .plain) {
    self.init(code: ClusterTable.code(for: character), style: style)
  }

  /// Creates a cell from a character code (see ``code``).
  init(code: UInt32, style: Style) {
    self.code = code
    self.style = style
    self.isContinuation = false
  }

  /// An empty cell: a space in the plain style.
  public static let blank = Cell(code: spaceCode, style: .plain)

  /// The code of a space.
  static let spaceCode: UInt32 = 0x20

  /// The right half of a wide glyph, styled like its leading cell so a background colour spans both.
  static func continuation(style: Style) -> Cell {
    var cell = Cell(code: spaceCode, style: style)
    cell.isContinuation = true
    return cell
  }

  /// How many columns this cell's character takes: 0 for a continuation, otherwise 1 or 2.
  var columns: Int {
    isContinuation ? 0 : max(1, DisplayWidth.of(character))
  }

  /// Cells are equal when their characters are (canonically, as `Character` compares), their
  /// styles and their continuation flags are.
  public static func == (lhs: Cell, rhs: Cell) -> Bool {
    guard lhs.style == rhs.style, lhs.isContinuation == rhs.isContinuation else { return false }
    if lhs.code == rhs.code { return true }
    // Two different ASCII characters are never equal; anything else may be canonically so
    // ("\u{212B}" and "\u{C5}", "e\u{301}" and "\u{E9}").
    if lhs.code < 0x80, rhs.code < 0x80 { return false }
    return lhs.character == rhs.character
  }

  /// Hashes the character (as `Character` does), the style and the continuation flag.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(character)
    hasher.combine(style)
    hasher.combine(isContinuation)
  }
}
