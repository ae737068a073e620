import ChainKit

/// The hops of a traced dispatch as the recorder kept them: plain data, made into
/// ``HopRecord``s only when ``DispatchRecord/hops`` is first read, so a tracer that drops or
/// filters records never makes them.
///
/// Holds no descriptions: a hop's rewrites are indices in the record's ``DescriptionBox``, and
/// its node is an index into ``names``.
struct RecordedHops: Sendable {
  /// A hop where something happened, as the walk went (recorded by ChainKit's probe).
  typealias Hop = RecordedHop

  /// What a few hops have: the name of a node not on the walk, errors, many listeners.
  struct Extra: Sendable {
    var node: String?
    var errors: [String] = []
    var listeners: ListenerRecords?
  }

  /// The path's node names, target first.
  var names: [String]
  var walk: DispatchWalk
  /// Whether the dispatch walked its path (one refused for nesting too deep did not).
  var walked: Bool
  /// The position where a stop, or a request's accepted answer, ended the walk.
  var end: Int?
  /// The hops where something happened, in walk order.
  var kept: ContiguousArray<Hop>
  var extras: [Extra]
  /// The dispatch's clock and counter readings, which give the hops' counter readings their
  /// times.
  var span: TraceSpan

  /// The hop records: the kept hops, with a passed hop for every node the walk reached and kept
  /// none for, in walk order.
  ///
  /// - Parameters:
  ///   - box: The box a rewritten hop's payloads are read from; nil to leave them out (the
  ///     caller sets them, see ``setRewrites(in:box:)``).
  ///   - indices: If not nil, filled with each record's node index in the path (-1 if unknown).
  /// - Returns: The records, in walk order.
  func records(box: DescriptionBox?, indices: inout [Int]?) -> [HopRecord] {
    var hops: [HopRecord] = []
    guard walked, walk.count > 0 else {
      hops.reserveCapacity(kept.count)
      for hop in kept {
        append(hop, to: &hops, box: box)
        indices?.append(-1)
      }
      return hops
    }
    let last = end ?? walk.last
    // Which nodes have a kept hop: bits of a word for a path of up to 64 nodes, else `marks`.
    let wide = walk.count > UInt64.bitWidth
    var word: UInt64 = 0
    var marks: [Bool] = []
    if wide { marks = Array(repeating: false, count: walk.count) }
    // At most one passed hop per node without a kept one (fewer if the walk ended early).
    var unmarked = walk.count
    for hop in kept where hop.position >= 0 {
      let index = walk.index(at: hop.position)
      if wide {
        if !marks[index] {
          marks[index] = true
          unmarked -= 1
        }
      } else if word & 1 << UInt64(index) == 0 {
        word |= 1 << UInt64(index)
        unmarked -= 1
      }
    }
    hops.reserveCapacity(kept.count + unmarked)
    var next = 0
    for position in 0...last {
      while next < kept.count, kept[next].position <= position {
        appendKept(kept[next], to: &hops, box: box, indices: &indices)
        next += 1
      }
      let index = walk.index(at: position)
      let marked = wide ? marks[index] : word & 1 << UInt64(index) != 0
      if !marked, walk.isLastVisit(position, endingAt: last) {
        hops.append(HopRecord(passedAt: names[index], phase: walk.phase(at: position)))
        indices?.append(index)
      }
    }
    while next < kept.count {
      appendKept(kept[next], to: &hops, box: box, indices: &indices)
      next += 1
    }
    return hops
  }

  /// Whether a kept hop has an interceptor's rewrite.
  var hasRewrites: Bool {
    for hop in kept where hop.from != 0 { return true }
    return false
  }

  /// Sets the rewritten payloads of `hops` (made by ``records(box:indices:)`` without a box)
  /// from `box`.
  func setRewrites(in hops: inout [HopRecord], box: DescriptionBox) {
    guard hasRewrites else { return }
    var index = 0
    // The records of kept hops are in kept order; a passed hop has no rewrite.
    var next = 0
    while index < hops.count, next < kept.count {
      if hops[index].passed {
        index += 1
        continue
      }
      let hop = kept[next]
      if hop.from != 0 {
        hops[index].interceptedFromText = TraceText(box, index: hop.from)
        hops[index].interceptedToText = TraceText(box, index: hop.to)
      }
      index += 1
      next += 1
    }
  }

  @inline(__always)
  private func appendKept(
    _ hop: Hop, to hops: inout [HopRecord], box: DescriptionBox?, indices: inout [Int]?
  ) {
    append(hop, to: &hops, box: box)
    indices?.append(hop.position >= 0 ? walk.index(at: hop.position) : -1)
  }

  /// Appends the record of `hop`.
  ///
  /// NB: appended as a passed hop and then filled in place: a record built whole and then
  /// appended is copied into the array and the original destroyed.
  @inline(__always)
  private func append(_ hop: Hop, to hops: inout [HopRecord], box: DescriptionBox?) {
    hops.append(
      HopRecord(
        passedAt: hop.position >= 0 ? names[walk.index(at: hop.position)] : "", phase: hop.phase))
    fill(&hops[hops.count - 1], from: hop, box: box)
  }

  /// The fields of a kept hop's record besides its name and phase.
  private func fill(_ record: inout HopRecord, from hop: Hop, box: DescriptionBox?) {
    record.passed = false
    record.listenersRun = hop.listenersRun
    if hop.extra >= 0, let spilled = extras[hop.extra].listeners {
      record.listenerRecords = spilled
    } else {
      record.listenerRecords = ListenerRecords(word: hop.listeners)
    }
    if hop.from != 0, let box {
      record.interceptedFromText = TraceText(box, index: hop.from)
      record.interceptedToText = TraceText(box, index: hop.to)
    }
    record.stopped = hop.stopped
    record.stoppedImmediately = hop.stoppedImmediately
    record.prevented = hop.prevented
    record.answered = hop.answered
    record.elapsedNanoseconds = span.elapsed(fromTicks: hop.beganTicks, toTicks: hop.endedTicks)
    if hop.extra >= 0 {
      if let node = extras[hop.extra].node { record.node = node }
      record.errors = extras[hop.extra].errors
    }
  }
}

/// A dispatch record's hops: made, or recorded and made when first read.
enum HopList: Sendable, Equatable {
  case made([HopRecord])
  /// As recorded; the records are made once and kept in the box with the payload (see
  /// ``DescriptionBox/hopRecords(of:)``).
  case recorded(DescriptionBox, RecordedHops)

  var records: [HopRecord] {
    switch self {
    case .made(let records): records
    case .recorded(let box, let recorded): box.hopRecords(of: recorded)
    }
  }

  static func == (lhs: HopList, rhs: HopList) -> Bool { lhs.records == rhs.records }
}
