/// The tables of one run: the cases, the comparisons with their gates, the scaling tables.
///
/// Every figure and every holds/NO comes from the measurements of this run: wall-clock
/// nanoseconds (thread CPU time) and callgrind instructions, either of which may be missing.
struct Report {
  /// Nanoseconds per operation, if the run was timed.
  let wall: Figures?

  /// Instructions per operation, if the run counted them.
  let instructions: Figures?

  /// The cases measured, in measuring order.
  let ordered: [BenchCase]

  /// Every case id of the suite: a row whose cases were filtered out is left out.
  let knownIDs: Set<String>

  private var metrics: [Figures] { [wall, instructions].compactMap { $0 } }

  /// The per-case table.
  func casesTable() -> String {
    var headers = ["case", "operation"]
    if wall != nil { headers += ["ns/op", "ns/call", "notes ns"] }
    if instructions != nil { headers += ["Ir/op", "Ir/call", "notes Ir"] }
    headers.append("allocs/op")
    var table = TextTable(headers: headers, numeric: Set(2..<headers.count))
    for benchCase in ordered {
      let id = benchCase.id
      var row = [id, benchCase.label]
      if let wall {
        row += [
          cell(wall.cost(id)), cell(wall.cost(id, perDelivery: true)),
          benchCase.referenceNanoseconds.map(TextTable.figure) ?? "",
        ]
      }
      if let instructions {
        row += [
          cell(instructions.cost(id)), cell(instructions.cost(id, perDelivery: true)),
          benchCase.referenceInstructions.map(String.init) ?? "",
        ]
      }
      let allocations = wall?.allocations[id] ?? instructions?.allocations[id]
      row.append(allocations.map { TextTable.format($0, decimals: 2) } ?? "-")
      table.rows.append(row)
    }
    return table.render()
  }

  /// The comparison table: each metric's figures and ratio, the gate, and whether it holds on
  /// each metric and on both.
  func comparisonsTable(_ comparisons: [Comparison]) -> String {
    var headers = ["comparison", "peer"]
    var numeric: Set<Int> = []
    for metric in metrics {
      numeric.formUnion(headers.count..<headers.count + 3)
      headers += ["ChainKit \(metric.unit)", "peer \(metric.unit)", "ratio \(metric.unit)"]
    }
    numeric.insert(headers.count)
    headers += ["allocs/op", "gate"]
    headers += metrics.map { "holds \($0.unit)" } + ["holds"]
    var table = TextTable(headers: headers, numeric: numeric)
    for comparison in comparisons {
      let cases = comparison.cases.filter(knownIDs.contains)
      guard !cases.isEmpty, metrics.contains(where: { m in cases.allSatisfy(m.has) }) else {
        continue
      }
      var row = [comparison.title, comparison.peer + (comparison.perDelivery ? " (per call)" : "")]
      for metric in metrics {
        let subject = comparison.subjectCost(metric)
        let peer = comparison.peerCost(metric)
        let ratio = subject.flatMap { s in peer.map { s / $0 } }
        row += [cell(subject), cell(peer), ratio.map(Self.ratio) ?? "-"]
      }
      let allocations =
        wall?.allocations[comparison.subject] ?? instructions?.allocations[comparison.subject]
      row.append(allocations.map { TextTable.format($0, decimals: 2) } ?? "-")
      row.append(comparison.gate?.text ?? "")
      let verdicts = metrics.map { comparison.judge($0) }
      row += verdicts.map { verdict in verdict.map { $0 ? "yes" : "NO" } ?? "" }
      row.append(Self.overall(comparison, verdicts, metricCount: metrics.count))
      table.rows.append(row)
    }
    return table.render()
  }

  /// The scaling tables, each row flagged when its cost grows faster than its shape allows.
  func scalingTables(_ tables: [Scaling]) -> String {
    var sections: [String] = []
    for scaling in tables {
      let rows = scaling.rows.enumerated().filter { _, row in
        knownIDs.contains(row.id) && metrics.contains { $0.has(row.id) }
      }
      guard !rows.isEmpty else { continue }
      var headers = [scaling.sizeName]
      for metric in metrics {
        headers += ["\(metric.unit)/op", "\(metric.unit)/\(scaling.unit)", "growth \(metric.unit)"]
      }
      headers.append("flag")
      var table = TextTable(headers: headers, numeric: Set(0..<headers.count - 1))
      for (index, row) in rows {
        var cells = [row.size.grouped]
        var flagged: [String] = []
        for metric in metrics {
          let cost = metric.cost(row.id)
          let growth = scaling.growth(metric, row: index)
          cells += [
            cell(cost), cell(cost.map { scaling.normalised($0, size: row.size) }),
            growth.map(Self.ratio) ?? "-",
          ]
          if let growth, growth > scaling.limit { flagged.append(metric.unit) }
        }
        cells.append(flagged.isEmpty ? "" : "SUPERLINEAR (\(flagged.joined(separator: ", ")))")
        table.rows.append(cells)
      }
      let expectation =
        scaling.shape == .linear
        ? "cost per \(scaling.unit) flat" : "cost per \(scaling.unit) independent of the size"
      sections.append(
        "### \(scaling.title)\n\nExpected: \(expectation); flagged when growth over the first"
          + " row exceeds \(TextTable.format(scaling.limit, decimals: 1))x.\n\n"
          + table.render())
    }
    return sections.joined(separator: "\n\n")
  }

  /// yes only when every metric that can judge the row says yes.
  private static func overall(
    _ comparison: Comparison, _ verdicts: [Bool?], metricCount: Int
  ) -> String {
    guard comparison.gate != nil else { return "" }
    let judged = verdicts.compactMap { $0 }
    guard !judged.isEmpty else { return "-" }
    guard judged.allSatisfy({ $0 }) else { return "NO" }
    if comparison.budget != nil { return "yes (wall only: a time budget)" }
    return judged.count < metricCount || metricCount < 2 ? "yes (one metric)" : "yes"
  }

  private func cell(_ value: Double?) -> String {
    value.map(TextTable.figure) ?? "-"
  }

  private static func ratio(_ value: Double) -> String {
    TextTable.format(value, decimals: value < 1 ? 3 : 2) + "x"
  }
}
