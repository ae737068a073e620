/// Cuts a byte stream into lines, without ever holding more than one line's worth of bytes: a
/// line longer than ``maxLength`` is reported and skipped up to its newline.
struct TraceLineSplitter {
  /// A piece of the stream.
  enum Piece: Equatable {
    /// A complete line, without its newline.
    case line([UInt8])
    /// A line longer than the limit, skipped; how many bytes it had.
    case tooLong(Int)
  }

  /// The longest line kept.
  let maxLength: Int
  private var pending: [UInt8] = []
  /// Bytes of an over-long line skipped so far; `nil` while not skipping.
  private var skipping: Int?

  init(maxLength: Int = 1 << 20) {
    self.maxLength = maxLength
  }

  /// Takes the next bytes of the stream and returns the pieces they complete.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [Piece] {
    var pieces: [Piece] = []
    for byte in bytes {
      if byte == 0x0A {
        if let skipped = skipping {
          pieces.append(.tooLong(skipped))
          skipping = nil
        } else {
          pieces.append(.line(pending))
        }
        pending.removeAll(keepingCapacity: pending.count <= 4_096)
      } else if var skipped = skipping {
        skipped += 1
        skipping = skipped
      } else {
        pending.append(byte)
        if pending.count > maxLength {
          skipping = pending.count
          pending = []
        }
      }
    }
    return pieces
  }

  /// Ends the stream: the bytes of an unfinished last line, if any (a truncated line).
  mutating func finish() -> Int? {
    defer {
      pending = []
      skipping = nil
    }
    if let skipped = skipping { return skipped }
    return pending.isEmpty ? nil : pending.count
  }
}
