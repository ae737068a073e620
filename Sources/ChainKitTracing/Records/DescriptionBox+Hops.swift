import ChainKit

// A traced dispatch's hops, kept in its payload's box (ChainKit's `DescriptionBox`, whose lock
// guards them; see its invariant) as the recorder left them, and made into hop records the
// first time a record's hops are read.

extension DescriptionBox {
  /// Keeps the dispatch's hops as recorded, once, before its record is emitted.
  func keepHops(_ hops: consuming RecordedHops) {
    // Swapped in, not assigned: a captured value would be copied.
    var kept: (any Sendable)? = Optional(hops)
    withTexts { texts in
      precondition(texts.recorded == nil && texts.hops == nil, "a box's hops kept twice")
      swap(&texts.recorded, &kept)
    }
    checkInvariantsIfEnabled()
  }

  /// The dispatch's hop records, made the first time they are asked for, on any thread.
  ///
  /// The records kept in the box hold none of its texts (that would be a cycle): a rewritten
  /// hop's texts are added to the copy returned.
  func hopRecords() -> [HopRecord] {
    let (records, recorded) = withTexts { texts -> ([HopRecord], RecordedHops?) in
      if let hops = texts.hops as? [HopRecord] { return (hops, texts.recorded as? RecordedHops) }
      guard let recorded = texts.recorded as? RecordedHops else { return ([], nil) }
      var noIndices: [Int]?
      let hops = recorded.records(box: nil, indices: &noIndices)
      texts.hops = hops
      // Kept only for the rewrites' indices.
      if !recorded.hasRewrites { texts.recorded = nil }
      return (hops, recorded.hasRewrites ? recorded : nil)
    }
    #if CHAINKIT_INVARIANTS
      for hop in records {
        precondition(
          hop.interceptedFromText?.box == nil && hop.interceptedToText?.box == nil,
          "a box's kept hop records hold its own texts")
      }
    #endif
    if isHome { checkInvariantsIfEnabled() }
    guard let recorded else { return records }
    var hops = records
    recorded.setRewrites(in: &hops, box: self)
    return hops
  }
}
