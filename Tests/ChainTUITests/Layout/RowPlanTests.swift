import ChainKitTestSupport
import Testing

@testable import ChainTUI

/// How a panel's rows are shared: boxes first, logs from what is left, collapsing last on the
/// focused branch.
@Suite("Row plan")
struct RowPlanTests {
  static func part(_ need: Int, comfort: Int? = nil, pinned: Bool = false) -> RowPlan.Part {
    RowPlan.Part(need: need, floor: 3, comfort: comfort ?? need, pinned: pinned)
  }

  @Test("the parts always sum to the rows, for any rows and claims")
  func partsTile() {
    var generator = SplitMix64(seed: 9)
    for _ in 0..<2000 {
      let parts = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        let need = Int.random(in: 3...12, using: &generator)
        return RowPlan.Part(
          need: need, floor: Int.random(in: 3...need, using: &generator),
          comfort: need + Int.random(in: 0...5, using: &generator),
          weight: Int.random(in: 0...3, using: &generator),
          length: Bool.random(using: &generator) ? Int.random(in: 3...9, using: &generator) : nil,
          pinned: Bool.random(using: &generator))
      }
      let rows = Int.random(in: 1...60, using: &generator)
      let plan = RowPlan.plan(
        rows: rows, parts: parts, bodyWant: Int.random(in: 0...3, using: &generator),
        logWant: Int.random(in: 0...20, using: &generator))
      let total = plan.body + plan.sizes.reduce(0, +) + (plan.folded > 0 ? 1 : 0) + plan.log
      #expect(total == rows, "\(rows) \(parts) -> \(plan)")
      for (size, collapsed) in zip(plan.sizes, plan.collapsed) where !collapsed && size > 0 {
        #expect(size >= 3, "an open child got \(size) rows")
      }
    }
  }

  @Test("a log gets at most half the rows left once every child has its box and comfort")
  func logTakesLeftovers() {
    let plan = RowPlan.plan(
      rows: 15, parts: [Self.part(3, comfort: 5), Self.part(3, comfort: 5)], bodyWant: 1,
      logWant: 10)
    #expect(plan.body == 1)
    #expect(plan.log == 2)
    #expect(plan.sizes == [6, 6])
  }

  @Test("short of rows, the last unpinned child collapses first and the pinned one stays open")
  func collapsesAwayFromFocus() {
    let plan = RowPlan.plan(
      rows: 5, parts: [Self.part(3), Self.part(3, pinned: true), Self.part(3)], bodyWant: 2,
      logWant: 2)
    #expect(plan.collapsed == [true, false, true])
    #expect(plan.sizes == [1, 3, 1])
    #expect(plan.body == 0)
  }

  @Test("when not even a row each fits, the last children fold into one row")
  func folds() {
    let plan = RowPlan.plan(
      rows: 3, parts: (0..<5).map { _ in Self.part(3) }, bodyWant: 0, logWant: 0)
    #expect(plan.sizes == [1, 1, 0, 0, 0])
    #expect(plan.folded == 3)
  }
}
