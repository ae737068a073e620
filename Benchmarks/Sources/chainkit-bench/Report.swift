/// Prints the results of one run: the cases, then the comparisons with their gates.
struct Report {
  /// Measurements by case id.
  let measurements: [String: Measurement]

  /// Measurements in the order they were taken.
  let ordered: [Measurement]

  /// Every case id of the suite: a row naming another id is TODO, a row whose cases were
  /// filtered out is left out.
  let knownIDs: Set<String>

  /// The per-case table.
  func casesTable() -> String {
    var table = TextTable(
      headers: ["case", "operation", "ns/op", "fastest", "ns/call", "notes ns", "allocs/op"],
      numeric: [2, 3, 4, 5, 6]
    )
    for measurement in ordered {
      let benchCase = measurement.benchCase
      table.rows.append([
        benchCase.id, benchCase.label,
        TextTable.figure(measurement.nanoseconds),
        TextTable.figure(measurement.fastest),
        TextTable.figure(measurement.nanosecondsPerDelivery),
        benchCase.referenceNanoseconds.map(TextTable.figure) ?? "",
        TextTable.format(measurement.allocations, decimals: 2),
      ])
    }
    return table.render()
  }

  /// The comparison table: ChainKit ns/op, peer ns/op, ratio, ChainKit allocations, gate.
  func comparisonsTable(_ comparisons: [Comparison]) -> String {
    var table = TextTable(
      headers: [
        "comparison", "ChainKit ns", "peer", "peer ns", "ratio", "allocs/op", "gate", "holds",
      ],
      numeric: [1, 3, 4, 5]
    )
    for comparison in comparisons {
      if let budget = comparison.budget {
        guard let subject = measurements[comparison.subject] else { continue }
        let ratio = subject.nanoseconds / budget
        table.rows.append([
          comparison.title, TextTable.figure(subject.nanoseconds), comparison.peer,
          TextTable.figure(budget), TextTable.format(ratio, decimals: ratio < 1 ? 3 : 2) + "x",
          TextTable.format(subject.allocations, decimals: 2), comparison.gate?.text ?? "",
          ratio <= 1 ? "yes" : "NO",
        ])
        continue
      }
      let wanted = [comparison.subject, comparison.peer].filter(knownIDs.contains)
      guard wanted.allSatisfy({ measurements[$0] != nil }) else { continue }
      guard let peer = measurements[comparison.peer] else {
        table.rows.append([
          comparison.title, "TODO", comparison.peer, "TODO", "-", "-",
          comparison.gate?.text ?? "", comparison.gate == nil ? "" : "TODO",
        ])
        continue
      }
      let per = comparison.perDelivery ? " (per call)" : ""
      let peerFigure = comparison.perDelivery ? peer.nanosecondsPerDelivery : peer.nanoseconds
      guard let subject = measurements[comparison.subject] else {
        table.rows.append([
          comparison.title, "TODO", comparison.peer + per, TextTable.figure(peerFigure), "-", "-",
          comparison.gate?.text ?? "", comparison.gate == nil ? "" : "TODO",
        ])
        continue
      }
      let ratio = comparison.ratio(subject, peer)
      let subjectFigure =
        comparison.perDelivery ? subject.nanosecondsPerDelivery : subject.nanoseconds
      let holds =
        comparison.gate.map { $0.holds(subject, peer, ratio, measurements) ? "yes" : "NO" } ?? ""
      table.rows.append([
        comparison.title, TextTable.figure(subjectFigure), comparison.peer + per,
        TextTable.figure(peerFigure), TextTable.format(ratio, decimals: ratio < 1 ? 3 : 2) + "x",
        TextTable.format(subject.allocations, decimals: 2), comparison.gate?.text ?? "", holds,
      ])
    }
    return table.render()
  }
}
