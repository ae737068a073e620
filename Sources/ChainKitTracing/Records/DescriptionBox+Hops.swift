import ChainKit

// A traced dispatch's hop records, made the first time a record's hops are read and kept in its
// payload's box (ChainKit's `DescriptionBox`, whose lock guards them; see its invariant), so
// every copy of the record shares them.

extension DescriptionBox {
  /// The hop records of `recorded` (this box's dispatch), made the first time they are asked
  /// for, on any thread.
  ///
  /// The records kept in the box hold none of its texts (that would be a cycle): a rewritten
  /// hop's texts are added to the copy returned.
  func hopRecords(of recorded: RecordedHops) -> [HopRecord] {
    let records = withTexts { texts -> [HopRecord] in
      if let hops = texts.hops as? [HopRecord] { return hops }
      var noIndices: [Int]?
      let hops = recorded.records(box: nil, indices: &noIndices)
      texts.hops = hops
      return hops
    }
    #if CHAINKIT_INVARIANTS
      for hop in records {
        precondition(
          hop.interceptedFromText?.box == nil && hop.interceptedToText?.box == nil,
          "a box's kept hop records hold its own texts")
      }
    #endif
    if isHome { checkInvariantsIfEnabled() }
    guard recorded.hasRewrites else { return records }
    var hops = records
    recorded.setRewrites(in: &hops, box: self)
    return hops
  }
}
