import ChainKitTracing

/// The inspector's texts that do not depend on its state: a filter's visible tail, record
/// counts, list marks, a dispatch's details and durations.
extension InspectorView {
  /// A filter `/text_` too wide for `columns`, as `/…` and as much of its end as fits.
  static func tail(_ filter: String, to columns: Int) -> String {
    guard columns > 2 else { return DisplayWidth.clipped(filter, to: columns) }
    var kept = ""
    var width = 0
    for character in filter.reversed() {
      let next = DisplayWidth.of(String(character))
      guard width + next <= columns - 2 else { break }
      kept.insert(character, at: kept.startIndex)
      width += next
    }
    return "/…" + kept
  }

  /// "1 record", "2 records".
  static func records(_ count: Int) -> String { counted(count, "record") }

  /// The list mark of a record that is not a dispatch: ◆ bus, ▾ data, ⇄ binding, + mount.
  static func mark(of kind: InspectorItem.Kind) -> String {
    switch kind {
    case .event: "•"
    case .request: "?"
    case .bus: "◆"
    case .data: "▾"
    case .binding: "⇄"
    case .mount: "+"
    }
  }

  /// The details' text of a dispatch with its hops (read once from the record): the title
  /// before its rule, then the lines below it, the outcome last.
  static func details(
    of record: DispatchRecord, hops: [HopRecord], label: String, parentLabel: String?,
    showsTimings: Bool
  ) -> (title: String, lines: [String]) {
    let time = { (nanoseconds: UInt64) in Self.time(nanoseconds, shown: showsTimings) }
    var lines: [String] = []
    lines.reserveCapacity(hops.count + 3)
    lines.append(concatenated("payload ", record.payload))
    lines.append(
      joined(record.path, separator: " > ", opening: "path "))
    // Before the hops, so a refusal (which has none) or a runaway below shows in the rows kept.
    let refused = hops.isEmpty && !record.errors.isEmpty
    for error in DispatchLines.errorsOffHops(of: record, hops: hops) {
      lines.append(concatenated(refused ? "refused: " : "error: ", error))
    }
    for hop in hops where !hop.passed {
      lines.append(
        concatenated(
          "  ", hop.node, " ", hop.phase.rawValue, ": ", DispatchLines.actions(of: hop, in: record),
          " ", time(hop.elapsedNanoseconds)))
    }
    var outcome = concatenated(
      refused ? "refused, ran 0" : "ran \(record.listenersRun)", ", ",
      time(record.elapsedNanoseconds))
    if let answeredBy = record.answeredBy { outcome += ", answered by \(answeredBy)" }
    if record.stopped { outcome += ", stopped" }
    if let parentLabel { outcome += ", nested in \(parentLabel)" }
    lines.append(outcome)
    return (concatenated("─ ", label, " ", record.kind.rawValue, " ", record.key, " "), lines)
  }

  /// A duration in the unit that keeps it short (ns, µs or ms), or `·` when timings are hidden.
  static func time(_ nanoseconds: UInt64, shown: Bool) -> String {
    guard shown else { return "·" }
    if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
    if nanoseconds < 1_000_000 { return "\(nanoseconds / 1_000)µs" }
    return "\(nanoseconds / 1_000_000)ms"
  }
}
