/// The listener outcomes of one hop packed in one word, so that recording a hop allocates
/// nothing.
///
/// The word holds the outcomes of the listeners in slots 0 to ``limit`` - 1: 6 bits per slot
/// (present, capture, 4 bits of outcome code), slot 0 lowest. A hop with a listener past the
/// word's slots keeps its outcomes elsewhere (ChainKitTracing's `ListenerRecords`, which reads
/// and writes this same format).
@usableFromInline
package enum PackedListenerOutcomes {
  /// How many slots the word holds.
  @inlinable package static var limit: Int { 10 }
  /// The bits of one slot.
  package static let fieldBits = 6

  /// The field of a listener in `capture` (or not) with `outcome`, present.
  @inline(__always)
  package static func field(capture: Bool, _ outcome: ListenerOutcome) -> UInt64 {
    outcome.code << 2 | (capture ? 2 : 0) | 1
  }

  /// Notes what became of the listener in `slot`.
  ///
  /// Of two notes for one slot, the more telling (by ``ListenerOutcome/rank``) or, at equal
  /// rank, the later is kept.
  ///
  /// - Returns: False, leaving `word` as it was, if the slot is past the word's.
  @inline(__always)
  package static func note(
    slot: Int, capture: Bool, _ outcome: ListenerOutcome, in word: inout UInt64
  ) -> Bool {
    guard slot >= 0, slot < limit else { return false }
    let shift = UInt64(slot * fieldBits)
    let known = word >> shift & 0x3F
    if known == 0 {
      word |= field(capture: capture, outcome) << shift
    } else if outcome.rank >= ListenerOutcome(code: known >> 2).rank {
      word = word & ~(0x3F << shift) | field(capture: capture, outcome) << shift
    }
    return true
  }

  /// Sets the field of the listener in `slot`, which no note of this word holds yet, to
  /// `outcome`: ``note(slot:capture:_:in:)`` where the slot is known to be noted once and
  /// within the word.
  @inlinable @inline(__always)
  package static func set(
    slot: Int, capture: Bool, _ outcome: ListenerOutcome, in word: inout UInt64
  ) {
    // NB: a masking shift: the slot is within the word, and a smart shift tests for it.
    word |= (outcome.code << 2 | (capture ? 2 : 0) | 1) &<< UInt64(truncatingIfNeeded: slot &* 6)
  }

  /// Whether one of the listeners in `word` was removed before its turn.
  package static func containsRemoved(_ word: UInt64) -> Bool {
    var rest = word
    let removed = ListenerOutcome.removed.code << 2 | 1
    while rest != 0 {
      if rest & 0x3D == removed { return true }
      rest >>= UInt64(fieldBits)
    }
    return false
  }
}
