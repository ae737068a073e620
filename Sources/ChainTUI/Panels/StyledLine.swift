/// One line of a panel's body: text and the style it is drawn in.
///
/// Panels describe their state as lines rather than drawing, so a scene never needs to know the
/// size it is shown at; the renderer cuts lines to fit.
package struct StyledLine: Sendable, Hashable {
  /// The text; it is not wrapped.
  package var text: String
  /// How the text is drawn.
  package var style: Style

  /// Creates a line.
  package init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

extension StyledLine: ExpressibleByStringInterpolation {
  /// A plain line from a literal.
  package init(stringLiteral value: String) {
    self.init(value)
  }
}
