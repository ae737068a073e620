/// One line of a panel's body: text and the style it is drawn in.
///
/// Panels describe their state as lines rather than drawing, so a scene never needs to know the
/// size it is shown at; the renderer cuts lines to fit.
public struct StyledLine: Sendable, Hashable {
  /// The text; it is not wrapped.
  public var text: String
  /// How the text is drawn.
  public var style: Style

  /// Creates a line.
  ///
  /// - Parameters:
  ///   - text: The text; it is not wrapped.
  ///   - style: How it is drawn; plain by default.
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

extension StyledLine: ExpressibleByStringInterpolation {
  /// A plain line from a literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
