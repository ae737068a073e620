/// A description in a trace record: text, or a value in a ``DescriptionBox`` described the first
/// time it is read.
///
/// Two texts are equal when their descriptions are (reading both makes them).
@usableFromInline
package struct TraceText: Sendable, Equatable {
  private enum Storage: Sendable {
    case text(String)
    case deferred(DescriptionBox, index: Int)
  }

  private let storage: Storage

  /// Text made already, such as a decoded one.
  package init(_ text: String) {
    storage = .text(text)
  }

  /// Value `index` of `box`, described when first read.
  package init(_ box: DescriptionBox, index: Int) {
    storage = .deferred(box, index: index)
  }

  /// The description, made now if it was not yet (see ``DescriptionBox/text(at:)``).
  package var string: String {
    switch storage {
    case .text(let text): text
    case .deferred(let box, let index): box.text(at: index)
    }
  }

  /// The box this text reads from, if it is deferred.
  package var box: DescriptionBox? {
    if case .deferred(let box, _) = storage { box } else { nil }
  }

  @usableFromInline package static func == (lhs: TraceText, rhs: TraceText) -> Bool {
    lhs.string == rhs.string
  }
}
