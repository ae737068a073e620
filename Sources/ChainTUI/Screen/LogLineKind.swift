/// What a log line says, as far as its colour goes: an error, a phase where nothing ran, or the
/// phase it was heard in.
enum LogLineKind {
  case error
  case passed
  case capture
  case target
  case bubble
  case request
  case plain

  /// Classifies a line by its words: an error or a refusal anywhere, then `: passed` at its end,
  /// then its phase prefix.
  init(_ line: String) {
    // NB: read as bytes when the line is ASCII (every line the explorer writes, bar a payload's
    // text): searching a `String` for a `String` goes through Foundation, which costs more
    // than drawing the line. Neither an ASCII pattern nor an ASCII line holds a character that an ASCII byte
    // could join other than CR LF, and no pattern holds either, so the bytes say the same.
    if let kind = line.utf8.withContiguousStorageIfAvailable(Self.init(ascii:)), let kind {
      self = kind
      return
    }
    // Errors stand out whatever the phase: a thrown listener is what a reader looks for.
    if line.contains("error:") || line.contains(" threw") || line.contains(": refused: ") {
      self = .error
    } else if line.hasSuffix(": passed") {
      self = .passed
    } else if line.hasPrefix("cap ") {
      self = .capture
    } else if line.hasPrefix("tgt ") {
      self = .target
    } else if line.hasPrefix("bub ") {
      self = .bubble
    } else if line.hasPrefix("req ") {
      self = .request
    } else {
      self = .plain
    }
  }

  /// The kind of an ASCII line read as bytes, by the rules of ``init(_:)``; `nil` for a line
  /// that is not ASCII.
  private init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
    var isError = false
    // One pass for the three patterns, each tried where its first byte is.
    for (offset, byte) in bytes.enumerated() {
      switch byte {
      case 0x80...: return nil
      case UInt8(ascii: "e"): isError = isError || Self.has("error:", in: bytes, at: offset)
      case UInt8(ascii: " "): isError = isError || Self.has(" threw", in: bytes, at: offset)
      case UInt8(ascii: ":"): isError = isError || Self.has(": refused: ", in: bytes, at: offset)
      default: continue
      }
    }
    if isError {
      self = .error
    } else if Self.has(": passed", in: bytes, at: bytes.count - 8) {
      self = .passed
    } else if Self.has("cap ", in: bytes, at: 0) {
      self = .capture
    } else if Self.has("tgt ", in: bytes, at: 0) {
      self = .target
    } else if Self.has("bub ", in: bytes, at: 0) {
      self = .bubble
    } else if Self.has("req ", in: bytes, at: 0) {
      self = .request
    } else {
      self = .plain
    }
  }

  /// Whether an ASCII pattern occurs in the bytes at an offset.
  private static func has(
    _ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int
  ) -> Bool {
    let count = pattern.utf8CodeUnitCount
    guard offset >= 0, offset + count <= bytes.count else { return false }
    let start = pattern.utf8Start
    for index in 0..<count where bytes[offset + index] != start[index] { return false }
    return true
  }

  /// The style of lines of this kind, before a theme drops its colours.
  var style: Style {
    switch self {
    case .error: Style(foreground: .red, bold: true)
    case .passed: Style(dim: true)
    case .capture: Style(foreground: .magenta)
    case .target: Style(foreground: .green)
    case .bubble: Style(foreground: .cyan)
    case .request: Style(foreground: .yellow)
    case .plain: .plain
    }
  }
}
