import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@MainActor
@Suite("Binding: groups", .leakChecked)
struct BindingGroupTests {
  /// Records every write to `properties` as "name:value".
  private func record(_ properties: [Property<Int>], into log: UpdateLog) {
    for property in properties {
      let name = property.name
      property.observe { _, new in log.entries.append("\(name):\(new)") }
    }
  }

  @Test("rule 35: setting any member updates each other member exactly once, in member order")
  func setUpdatesOthersOnceInMemberOrder() {
    let members = ["a", "b", "c", "d"].map { Property(0, name: $0) }
    bind(members)
    let log = UpdateLog()
    record(members, into: log)
    members[2].value = 5
    #expect(log.entries == ["c:5", "a:5", "b:5", "d:5"])
  }

  @Test("rule 35: bind(a, to: b) is one-way: b follows a, a ignores b")
  func oneWayBindingFollowsSourceOnly() {
    let a = Property(1)
    let b = Property(0)
    bind(a, to: b)
    #expect(b.value == 1)
    a.value = 2
    b.value = 9
    #expect(a.value == 2)
    #expect(b.value == 9)
  }

  @Test("rule 35: a one-way transform derives the target from the source")
  func oneWayTransform() {
    let count = Property(0)
    let label = Property("")
    bind(count, to: label) { "\($0) items" }
    count.value = 3
    #expect(label.value == "3 items")
  }

  @Test("rule 35: a member with transforms is 100 × the others, whichever member is set")
  func transformedMemberIsHundredTimes() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    let c = Property(0, name: "c")
    bind([
      BindingMember(a),
      BindingMember(b, toMember: { $0 * 100 }, fromMember: { $0 / 100 }),
      BindingMember(c),
    ])
    a.value = 3
    #expect([a.value, b.value, c.value] == [3, 300, 3])
    b.value = 500
    #expect([a.value, b.value, c.value] == [5, 500, 5])
  }

  @Test("rule 35: equal values stop propagating")
  func equalValuesStopPropagating() {
    let a = Property(0, name: "a")
    let b = Property(0, name: "b")
    let c = Property(7, name: "c")
    bind([a, b])
    bind([BindingMember(b), BindingMember(c, toMember: { $0 % 2 }, fromMember: { $0 })])
    let log = UpdateLog()
    record([b, c], into: log)
    a.value = 4
    #expect(log.entries == ["b:4"])
  }

  @Test("rule 35: nil propagates for optional values")
  func nilPropagates() {
    let a = Property<String?>("json")
    let b = Property<String?>(nil)
    bind([a, b])
    #expect(b.value == "json")
    a.value = nil
    #expect(b.value == nil)
  }

  @Test("rule 35: a member whose owner deallocated is dropped")
  func memberWithDeallocatedOwnerIsDropped() {
    var owner: Canary? = Canary()
    let a = Property(0, name: "a")
    let b = Property(0, name: "b", owner: owner)
    let c = Property(0, name: "c")
    let log = TraceLog()
    let token = bind([a, b, c], tracer: log)
    owner = nil
    a.value = 1
    #expect(b.value == 0)
    #expect(c.value == 1)
    #expect(b.observerCount == 0)
    #expect(token.isActive)
    #expect(log.bindingRecords.contains { $0.kind == .dropped && $0.member == "b" })
  }

  @Test("rule 35: a deallocated member property is dropped and the others stay bound")
  func deallocatedPropertyIsDropped() {
    let a = Property(0)
    var b: Property<Int>? = Property(0)
    let c = Property(0)
    if let b { bind([a, b, c]) }
    b = nil
    a.value = 2
    #expect(c.value == 2)
  }

  @Test("rule 35: the binding's token unbinds")
  func tokenUnbinds() {
    let a = Property(0)
    let b = Property(0)
    let token = bind([a, b])
    token.cancel()
    a.value = 1
    #expect(b.value == 0)
    #expect(!token.isActive)
    #expect(a.observerCount == 0)
  }

  @Test("rule 35: binding 1,000 properties and setting one updates the other 999 exactly once")
  func thousandPropertiesUpdateOnce() {
    let properties = (0..<1000).map { Property(0, name: "p\($0)") }
    bind(properties)
    let counts = Counts(1000)
    for (index, property) in properties.enumerated() {
      property.observe { _, _ in counts.values[index] += 1 }
    }
    properties[500].value = 7
    #expect(counts.values.allSatisfy { $0 == 1 })
    #expect(properties.allSatisfy { $0.value == 7 })
  }
}

/// A log shared by observers of several properties.
@MainActor
final class UpdateLog {
  var entries: [String] = []
}

/// Call counts per index.
@MainActor
final class Counts {
  var values: [Int]
  init(_ count: Int) { values = Array(repeating: 0, count: count) }
}

extension TraceLog {
  /// The binding records kept, oldest first.
  var bindingRecords: [BindingRecord] {
    records.compactMap { if case .binding(let record) = $0 { record } else { nil } }
  }
}
