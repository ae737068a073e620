import ChainKit
import ChainKitTracing
import Testing

@testable import ChainTUI

/// What the inspector's texts keep from one read to the next (a dispatch's label, its hops)
/// is always the dispatch's own: never another's, never a label it lost.
@Suite("The inspector's kept texts")
@MainActor
struct InspectorRowTextTests {
  private static func record(_ id: UInt64, hops: [String]) -> DispatchRecord {
    DispatchRecord(
      id: id, key: "like", payload: "", origin: hops.first ?? "n", path: hops,
      hops: hops.map { HopRecord(node: $0, phase: .bubble, listenersRun: 1) })
  }

  @Test("a dispatch forgotten right after its label was made reads #?")
  func forgottenLabel() {
    let texts = InspectorRowText(capacity: 10)
    let first = Self.record(7, hops: ["a"])
    texts.number(first)
    #expect(texts.label(ofID: 7) == "#1")
    texts.forget(first)
    #expect(texts.label(ofID: 7) == "#?", "the kept label outlived its dispatch")
    texts.number(first)
    #expect(texts.label(ofID: 7) == "#2", "the kept label outlived its renumbering")
  }

  @Test("a dispatch's details name its parent as #? once the parent is forgotten")
  func detailsAfterParentForgotten() {
    let texts = InspectorRowText(capacity: 10)
    let parent = Self.record(1, hops: ["a"])
    let child = DispatchRecord(
      id: 2, parent: 1, key: "ping", payload: "", origin: "a", path: ["a"],
      hops: [HopRecord(node: "a", phase: .target, listenersRun: 1)])
    texts.number(parent)
    texts.number(child)
    let before = texts.details(for: child, showsTimings: false)
    #expect(before.lines.last?.hasSuffix("nested in #1") == true, "\(before.lines)")
    let again = texts.details(for: child, showsTimings: false)
    #expect(again.title == before.title && again.lines == before.lines)
    texts.forget(parent)
    let after = texts.details(for: child, showsTimings: false)
    #expect(after.lines.last?.hasSuffix("nested in #?") == true, "\(after.lines)")
  }

  @Test("each dispatch's hops are its own, read in turn")
  func hopsFollowTheRecord() {
    let texts = InspectorRowText(capacity: 10)
    let one = Self.record(1, hops: ["a", "b"])
    let two = Self.record(2, hops: ["c"])
    for record in [one, two, two, one] {
      #expect(texts.hops(of: record).map(\.node) == record.hops.map(\.node))
    }
  }
}
