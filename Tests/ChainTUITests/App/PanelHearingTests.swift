import ChainKit
import Testing

@testable import ChainTUI

@MainActor
@Suite("Panels hear their own nodes")
struct PanelHearingTests {
  @Test("two panels with the same node name keep separate logs")
  func sameNamePanelsKeepSeparateLogs() {
    let root = Panel("root")
    let first = Panel("twin")
    let second = Panel("twin")
    root.add(first)
    root.add(second)
    first.node.on("ping") { _, _ in }
    first.node.post("ping")
    #expect(first.log.lines == ["tgt ping: handled"])
    #expect(second.log.lines.isEmpty)
    #expect(root.log.lines == ["bub ping from twin: passed"])
  }

  @Test("a panel's log needs no tracer anywhere in its tree")
  func logNeedsNoTracer() {
    let root = Panel("root")
    let leaf = Panel("leaf")
    root.add(leaf)
    root.node.on("ping") { ctx, _ in ctx.stopPropagation() }
    leaf.node.post("ping")
    #expect(leaf.log.lines == ["tgt ping: passed"])
    #expect(root.log.lines == ["bub ping from leaf: handled, stopped"])
  }

  @Test("a nested post is logged after the post whose listener made it")
  func nestedPostIsLoggedInPostingOrder() {
    let root = Panel("root")
    let leaf = Panel("leaf")
    root.add(leaf)
    root.node.on("outer") { [unowned leaf] _, _ in leaf.node.post("inner") }
    leaf.node.post("outer")
    #expect(root.log.lines == ["bub outer from leaf: handled", "bub inner from leaf: passed"])
  }
}
