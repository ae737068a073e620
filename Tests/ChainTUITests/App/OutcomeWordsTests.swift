import ChainKit
import ChainKitTracing
import Testing

@testable import ChainTUI

@Suite("One word for each hop outcome, on borders, in logs and in the inspector")
@MainActor
struct OutcomeWordsTests {
  /// A hop that ends in each outcome, as the trace records it.
  private func hop(ending outcome: FlowPath.Outcome) -> (HopRecord, DispatchRecord.Kind) {
    switch outcome {
    case .handled: (HopRecord(node: "n", phase: .bubble, listenersRun: 1), .event)
    case .decorated:
      (
        HopRecord(
          node: "n", phase: .bubble, interceptedFrom: "[row: 0]",
          interceptedTo: "[list: inbox, row: 0]"), .event
      )
    case .rewrote:
      (
        HopRecord(
          node: "n", phase: .bubble, interceptedFrom: "[msg: hi]", interceptedTo: "[msg: hi!!!]"),
        .event
      )
    case .stopped: (HopRecord(node: "n", phase: .bubble, listenersRun: 1, stopped: true), .event)
    case .answered:
      (HopRecord(node: "n", phase: .bubble, listenersRun: 1, answered: true), .request)
    case .declined: (HopRecord(node: "n", phase: .bubble, listenersRun: 1), .request)
    case .threw:
      (HopRecord(node: "n", phase: .bubble, listenersRun: 1, errors: ["boom"]), .event)
    case .passed: (HopRecord(node: "n", phase: .bubble, passed: true), .event)
    }
  }

  @Test("the border mark and the log line of a hop say the same word, for every outcome")
  func borderAndLogAgree() {
    for outcome in FlowPath.Outcome.allCases {
      let (hop, kind) = hop(ending: outcome)
      let record = DispatchRecord(
        id: 1, kind: kind, key: "k", payload: "", origin: "n", path: ["n"], hops: [hop])
      let mark = FlowPath(record).steps.first?.outcome
      #expect(mark == outcome, "the border marks \(outcome) as \(String(describing: mark))")
      // The log lists everything that happened ("handled, threw: boom"); the border the most
      // telling part, whose word must be one of the log's.
      let logged = DispatchLines.actions(of: hop, in: record)
      let words = logged.components(separatedBy: ", ").compactMap { part in
        part.split(separator: " ").first.map { String($0.hasSuffix(":") ? $0.dropLast() : $0) }
      }
      #expect(
        words.contains(outcome.rawValue),
        "the log says \"\(logged)\" where the border says \(outcome)")
    }
  }

  @Test("the router's table is marked decorated on its border, as its log says")
  func routerTableSaysDecoratedEverywhere() {
    let app = AppTest.app(scene: "router", size: Size(width: 100, height: 30))
    app.press(.enter)
    let border = AppTest.screen(app).split(separator: "\n").first { $0.contains("─ table (") }
    #expect(border?.contains("[bub decorated]") == true)
    #expect(app.log(ofPanel: "table")?.first?.contains(": decorated [") == true)
  }
}
