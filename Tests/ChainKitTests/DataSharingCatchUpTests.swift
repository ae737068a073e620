import ChainKitTestSupport
import Testing

@testable import ChainKit

extension DataKey where Value == Int {
  fileprivate static let count = DataKey("count")
}

/// Rules 14 and 28 together: a subscriber always ends up hearing the value it resolves to, even
/// when the nesting limit refused the pass that was to tell it, or a pass under way had not
/// reached it when the tree changed.
@MainActor
@Suite("Data subscribers catch up: rules 14 and 28", .leakChecked)
struct DataSharingCatchUpTests {
  @Test("a subscriber a refused pass left behind hears its value at the next re-resolution")
  func refusedPassCatchesUp() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var heard: [Int] = []
    let echoes = Property(true)
    leaf.subscribe(.count) { [unowned leaf] value in
      guard let value else { return }
      heard.append(value)
      if echoes.value { leaf.share(value + 1, for: .count) }
    }
    ReentryGuard.withNestingLimit(4) { leaf.share(0, for: .count) }
    // The last share was stored, and its pass refused: the subscriber is behind.
    let latest = try #require(leaf.value(for: .count))
    #expect(heard.last == latest - 1)
    echoes.value = false
    // A mount under a parent that shares nothing changes nothing leaf resolves to; it still
    // re-resolves leaf, which was owed its value.
    let other = Node("other")
    try leaf.mount(at: other)
    #expect(heard.last == latest)
  }

  @Test("a release inside a pass tells a subscriber the pass has not reached yet, at once")
  func releaseDuringAPassTellsAtOnce() throws {
    let root = Node("root")
    let side = Node("side")
    var middle: Node? = Node("middle")
    let leaf = Node("leaf")
    try middle?.mount(at: side)
    try middle?.mount(at: root)
    try leaf.mount(at: root)
    try leaf.mount(at: try #require(middle))
    var log: [String] = []
    middle?.subscribe(.count) { value in
      log.append("middle \(value ?? -1)")
      middle = nil
      log.append("middle released")
    }
    leaf.subscribe(.count) { log.append("leaf \($0 ?? -1)") }
    root.share(18, for: .count)
    #expect(log == ["middle 18", "leaf 18", "middle released"])
  }

  @Test("a pass at the nesting limit with nobody to call is no refusal")
  func idlePassAtTheLimitIsNoRefusal() throws {
    let root = Node("root")
    let other = Node("other")
    let child = Node("child")
    try child.mount(at: root)
    root.share(1, for: .count)
    other.share(2, for: .count)
    var heard: [Int?] = []
    child.subscribe(.count) { heard.append($0) }
    root.on(Keys.plain) { [unowned child, unowned other] _, _ in
      // child still resolves root's value first: nobody is to be told.
      try? child.mount(at: other)
    }
    let outcome = ReentryGuard.withNestingLimit(1) { root.post(Keys.plain) }
    #expect(outcome.errors.isEmpty)
    #expect(heard == [1])
    #expect(child.value(for: .count) == 1)
  }
}
