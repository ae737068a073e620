/// How a cell is drawn: colours from a small palette plus text attributes.
///
/// The palette is the eight ANSI colours plus the terminal's default, because those are the colours
/// every colour terminal has; attributes are the ones that still read in monochrome.
public struct Style: Sendable, Hashable {
  /// A colour from the eight-colour ANSI palette, or the terminal's own default.
  public enum Color: Int, Sendable, Hashable, CaseIterable {
    /// The terminal's default foreground or background.
    case `default`
    /// ANSI black.
    case black
    /// ANSI red.
    case red
    /// ANSI green.
    case green
    /// ANSI yellow.
    case yellow
    /// ANSI blue.
    case blue
    /// ANSI magenta.
    case magenta
    /// ANSI cyan.
    case cyan
    /// ANSI white.
    case white
  }

  /// The text colour.
  public var foreground: Color
  /// The cell's background colour.
  public var background: Color
  /// Whether the text is bold (bright on many terminals).
  public var bold: Bool
  /// Whether the text is dimmed.
  public var dim: Bool
  /// Whether foreground and background are swapped; the focus cue that survives monochrome.
  public var reverse: Bool
  /// Whether the text is underlined.
  public var underline: Bool

  /// Creates a style; every part defaults to the terminal's plain look.
  ///
  /// - Parameters:
  ///   - foreground: The text colour.
  ///   - background: The background colour.
  ///   - bold: Whether the text is bold.
  ///   - dim: Whether the text is dimmed.
  ///   - reverse: Whether foreground and background are swapped.
  ///   - underline: Whether the text is underlined.
  public init(
    foreground: Color = .default,
    background: Color = .default,
    bold: Bool = false,
    dim: Bool = false,
    reverse: Bool = false,
    underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
  }

  /// The terminal's default look: default colours, no attributes.
  public static let plain = Style()

  /// The same style without colours, as drawn on a monochrome terminal.
  ///
  /// Focus and emphasis must survive this, which is why they use `reverse` and `bold`.
  public var monochrome: Style {
    var copy = self
    copy.foreground = .default
    copy.background = .default
    return copy
  }
}
