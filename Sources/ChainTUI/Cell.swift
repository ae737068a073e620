/// One column of one row of a ``Grid``: a character and its style.
///
/// A wide glyph (CJK, emoji) occupies two cells: the leading cell holds the character and the cell
/// to its right is a continuation cell, which holds no character of its own. Keeping the
/// continuation explicit lets a renderer and a snapshot agree column for column.
public struct Cell: Sendable, Hashable {
  /// The character drawn in this cell; a space for a continuation cell.
  public var character: Character
  /// How the character is drawn.
  public var style: Style
  /// Whether this cell is the right half of the wide glyph in the cell to its left.
  public var isContinuation: Bool

  /// Creates a cell holding one character.
  ///
  /// - Parameters:
  ///   - character: The character to draw.
  ///   - style: How to draw it.
  public init(_ character: Character, style: Style = .plain) {
    self.character = character
    self.style = style
    self.isContinuation = false
  }

  /// An empty cell: a space in the plain style.
  public static let blank = Cell(" ")

  /// The right half of a wide glyph, styled like its leading cell so a background colour spans both.
  static func continuation(style: Style) -> Cell {
    var cell = Cell(" ", style: style)
    cell.isContinuation = true
    return cell
  }

  /// How many columns this cell's character takes: 0 for a continuation, otherwise 1 or 2.
  var columns: Int {
    isContinuation ? 0 : max(1, DisplayWidth.of(character))
  }
}
