import ChainKit

/// The listener records of one hop, as ``HopRecord/listeners`` reads them: packed in one word
/// when they fit, so that recording a hop allocates nothing.
///
/// The word holds up to ``packedLimit`` records whose indices are strictly increasing and at most
/// ``packedLimit``, in ChainKit's format (`PackedListenerOutcomes`: 6 bits per index, index 1
/// lowest), which its probe writes while a dispatch runs. Any other list (longer, out of order, repeated indices) is kept as the array it is. The form is a
/// function of the list alone, so two lists are equal exactly when their storage is.
struct ListenerRecords: Sendable, Equatable {
  /// The highest index the word holds.
  static let packedLimit = PackedListenerOutcomes.limit
  private static let fieldBits = PackedListenerOutcomes.fieldBits

  private var word: UInt64 = 0
  /// The list, when it does not fit the word.
  private var spilled: [ListenerRecord]?

  init() {}

  /// The records packed in `word` (see ``note(_:in:)``).
  init(word: UInt64) {
    self.word = word
  }

  /// The records of `list`, in the given order.
  init(_ list: [ListenerRecord]) {
    var previous = 0
    for record in list {
      guard record.index > previous, record.index <= Self.packedLimit else {
        word = 0
        spilled = list
        return
      }
      previous = record.index
      word |= Self.field(record) << UInt64((record.index - 1) * Self.fieldBits)
    }
  }

  var isEmpty: Bool { spilled?.isEmpty ?? (word == 0) }

  /// The records, in index order (or as they were given).
  var list: [ListenerRecord] {
    if let spilled { return spilled }
    var list: [ListenerRecord] = []
    var rest = word
    var index = 1
    while rest != 0 {
      let field = rest & 0x3F
      if field & 1 != 0 {
        list.append(
          ListenerRecord(
            index: index, capture: field & 2 != 0,
            outcome: ListenerRecord.Outcome(ListenerOutcome(code: field >> 2))))
      }
      rest >>= UInt64(Self.fieldBits)
      index += 1
    }
    return list
  }

  /// Whether one of the listeners was removed before its turn.
  var containsRemoved: Bool {
    if let spilled { return spilled.contains { $0.outcome == .removed } }
    return PackedListenerOutcomes.containsRemoved(word)
  }

  /// Notes what became of the listener at `index`; of two notes for one index, the more telling
  /// (by ``ListenerRecord/rank``) or, at equal rank, the later is kept.
  mutating func note(_ record: ListenerRecord) {
    if spilled == nil, Self.note(record, in: &word) { return }
    var list = spilled ?? self.list
    if let known = list.firstIndex(where: { $0.index == record.index }) {
      if record.rank >= list[known].rank { list[known] = record }
    } else {
      list.append(record)
      list.sort { $0.index < $1.index }
    }
    word = 0
    spilled = list
  }

  /// Notes `record` in a packed word as ``note(_:)`` does; false, leaving `word` as it was, if
  /// its index does not fit.
  @inline(__always)
  static func note(_ record: ListenerRecord, in word: inout UInt64) -> Bool {
    PackedListenerOutcomes.note(
      slot: record.index - 1, capture: record.capture, ListenerOutcome(record.outcome), in: &word)
  }

  private static func field(_ record: ListenerRecord) -> UInt64 {
    PackedListenerOutcomes.field(capture: record.capture, ListenerOutcome(record.outcome))
  }
}
