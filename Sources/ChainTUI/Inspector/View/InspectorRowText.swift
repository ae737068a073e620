import ChainKit
import ChainKitTracing

/// The text of the inspector's list rows for each dispatch, made once per dispatch (a kept
/// record never changes, while the list is drawn on every frame), and the number each dispatch
/// is shown under.
///
/// Numbers count the scene's dispatches from 1 in the order its tracer kept them. NB: not the
/// records' ids, which are unique in the process and so depend on whatever ran before (another
/// scene, another script); a number depends on the scene's own inputs only, so a replay shows
/// the same ones.
@MainActor
final class InspectorRowText {
  /// The most dispatches remembered; past it the cache starts over.
  private let capacity: Int
  private var texts: [UInt64: (header: String, hops: String)] = [:]
  private var numbers: [UInt64: Int] = [:]
  private var lastNumber = 0
  /// The last label made, for the dispatch of this id.
  private var lastLabel: (id: UInt64, label: String)?
  /// The last dispatch whose hops were read, and its hops.
  private var lastHops: (id: UInt64, hops: [HopRecord])?
  /// The last details made: for which dispatch, whether with timings, and the text.
  private var lastDetails: (id: UInt64, showsTimings: Bool, title: String, lines: [String])?

  /// Creates an empty cache remembering up to `capacity` dispatches.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Gives a newly kept dispatch the next number.
  func number(_ record: DispatchRecord) {
    lastNumber += 1
    numbers[record.id] = lastNumber
    if lastLabel?.id == record.id { lastLabel = nil }
  }

  /// Forgets a dispatch the tracer no longer keeps.
  func forget(_ record: DispatchRecord) {
    numbers.removeValue(forKey: record.id)
    if lastLabel?.id == record.id { lastLabel = nil }
    // Any: the details of a dispatch name its parent's label too.
    lastDetails = nil
  }

  /// `#N` for a kept dispatch, `#?` for one no longer kept.
  ///
  /// NB: the last one made is kept: a new dispatch's row and its details each ask for it.
  func label(ofID id: UInt64) -> String {
    if let lastLabel, lastLabel.id == id { return lastLabel.label }
    guard let number = numbers[id] else { return "#?" }
    let made = concatenated("#", String(number))
    lastLabel = (id, made)
    return made
  }

  /// A dispatch's hops, read from its record once for the texts a frame makes of them.
  ///
  /// NB: a record makes its hops array on every read, and a new dispatch's row, its details
  /// and the lit path each read them; a kept record never changes, so its hops are kept.
  func hops(of record: DispatchRecord) -> [HopRecord] {
    if let lastHops, lastHops.id == record.id { return lastHops.hops }
    let hops = record.hops
    lastHops = (record.id, hops)
    return hops
  }

  /// The header after its indent and mark (" #12 like actions1>post"), without the timing, and
  /// the hops ("actions1:tgt handled · post:bub passed" or "no listener ran").
  func text(for record: DispatchRecord) -> (header: String, hops: String) {
    if let known = texts[record.id] { return known }
    // The path joined straight after the lead, which is short enough to need no allocation.
    let header = joined(
      record.path, separator: ">",
      opening: concatenated(" ", label(ofID: record.id), " ", record.key, " "))
    // NB: the hops' pieces gathered and joined once: a string grown piece by piece was copied
    // into a larger buffer as it grew. A loop, not a lazy filter and map: Swift checks the main
    // actor's executor for each element a main-actor closure sees inside an algorithm.
    var pieces: [String] = []
    let hopRecords = self.hops(of: record)
    pieces.reserveCapacity(6 * hopRecords.count)
    for hop in hopRecords where !hop.passed {
      if !pieces.isEmpty { pieces.append(" · ") }
      pieces.append(hop.node)
      pieces.append(":")
      pieces.append(DispatchLines.phaseTag(hop.phase))
      pieces.append(" ")
      pieces.append(DispatchLines.actions(of: hop, in: record))
    }
    // A refusal is no hop's: without this the row of a runaway's dispatch read "handled".
    for error in DispatchLines.errorsOffHops(of: record, hops: hopRecords) {
      if !pieces.isEmpty { pieces.append(" · ") }
      pieces.append(hopRecords.isEmpty ? "refused: " : "error: ")
      pieces.append(error)
    }
    let text = (header, pieces.isEmpty ? "no listener ran" : joined(pieces, separator: ""))
    if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
    texts[record.id] = text
    return text
  }

  /// The details of a dispatch, as
  /// ``InspectorView/details(of:hops:label:parentLabel:showsTimings:)`` makes them.
  ///
  /// NB: the last ones made are kept, for a frame drawn afresh (a resize) over the same
  /// selection; a frame drawn over the last one keeps the details it drew itself.
  func details(for record: DispatchRecord, showsTimings: Bool) -> (title: String, lines: [String]) {
    if let lastDetails, lastDetails.id == record.id, lastDetails.showsTimings == showsTimings {
      return (lastDetails.title, lastDetails.lines)
    }
    let made = InspectorView.details(
      of: record, hops: hops(of: record), label: label(ofID: record.id),
      parentLabel: record.parent.map(label(ofID:)), showsTimings: showsTimings)
    lastDetails = (record.id, showsTimings, made.title, made.lines)
    return made
  }
}
