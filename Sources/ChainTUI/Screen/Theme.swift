/// The explorer's styles, and the switch that drops colours for `--no-color` and `NO_COLOR`.
///
/// Everything that matters (focus, selection, the current tab) is also bold or reversed, so
/// the screen reads the same in monochrome.
struct Theme {
  /// Whether colours are drawn.
  let colors: Bool

  /// The style as drawn: itself with colours, without them in monochrome.
  func callAsFunction(_ style: Style) -> Style { colors ? style : style.monochrome }

  var tabBar: Style { self(Style(foreground: .white, background: .blue)) }
  var currentTab: Style { self(Style(foreground: .cyan, bold: true, reverse: true)) }
  var statusBar: Style { self(Style(reverse: true)) }
  var hint: Style { self(Style(dim: true)) }
  var emphasis: Style { self(Style(bold: true)) }
  var warning: Style { self(Style(foreground: .yellow, bold: true)) }
  /// A search's match in a log: underlined, which nothing else on screen is, so it shows in
  /// monochrome too.
  var match: Style { self(Style(foreground: .yellow, bold: true, underline: true)) }
  /// The search's current match: reversed too.
  var currentMatch: Style {
    self(Style(foreground: .cyan, bold: true, reverse: true, underline: true))
  }

  /// A panel's border: bold in its accent colour when focused, plain otherwise.
  func border(accent: Style.Color, focused: Bool) -> Style {
    focused
      ? self(Style(foreground: accent, bold: true)) : self(Style(foreground: accent, dim: true))
  }

  /// A panel's title: reversed when focused, so focus shows without colour.
  func title(accent: Style.Color, focused: Bool) -> Style {
    focused
      ? self(Style(foreground: accent, bold: true, reverse: true))
      : self(Style(foreground: accent, bold: true))
  }

  /// A log line, coloured by phase; lines where nothing ran are dimmed.
  func logLine(_ line: String) -> Style {
    self(LogLineKind(line).style)
  }
}
